/** The end of a form that opened from a card: why saving failed, then Save and Cancel. */
export function EditFormFooter({ form, saveLabel, savingLabel }: { form: { failure: string; saving: boolean; stop: () => void }; saveLabel: string; savingLabel: string }) {
  return (
    <>
      {form.failure && (
        <p className="alert alert-error" role="alert">
          {form.failure}
        </p>
      )}
      <div className="dash-actions">
        <button type="submit" className="btn" disabled={form.saving} aria-busy={form.saving}>
          {form.saving ? savingLabel : saveLabel}
        </button>
        <button type="button" className="btn btn-secondary" onClick={form.stop} disabled={form.saving}>
          Cancel
        </button>
      </div>
    </>
  );
}
