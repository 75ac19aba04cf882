import { forwardRef, type InputHTMLAttributes } from 'react';

type FieldProps = { id: string; label: string; error?: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>;

/**
 * A labelled input with its error wired up for screen readers. The ref reaches the input
 * (forwardRef: Preact, unlike React 19, does not hand `ref` to a function component as a prop).
 */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ id, label, error, hint, ...input }, ref) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <small id={`${id}-hint`} className="muted">
          {hint}
        </small>
      )}
      <input ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error && (
        <small id={`${id}-error`} className="error">
          {error}
        </small>
      )}
    </div>
  );
});
