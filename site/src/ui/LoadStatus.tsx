/** What an island shows while its list loads, and when it could not. */

export function Loading({ text }: { text: string }) {
  return (
    <p className="dash-loading" role="status">
      <span className="spinner" aria-hidden="true" /> {text}
    </p>
  );
}

export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="alert alert-error" role="alert">
      <p>{text}</p>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
