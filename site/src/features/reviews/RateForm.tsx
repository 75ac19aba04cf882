import { useEffect, useId, useRef, useState } from 'react';
import { REVIEW_COMMENT_MAX_LENGTH, STARS, reviewProblem, sendReview, starName } from './reviews.ts';
import './reviews.css';

/**
 * "Rate this court": five star radio buttons (one group: arrow keys move between them, as
 * with any radio group), an optional comment and Send. `onDone` gets the rating sent.
 */
export function RateForm(props: { bookingId: string; facilityName: string; onDone: (rating: number) => void; onClose: () => void }) {
  const id = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const stars = useRef<HTMLFieldSetElement>(null);
  // Opened from "Rate this court", which goes away: the first star takes the focus.
  useEffect(() => stars.current?.querySelector('input')?.focus(), []);

  async function submit(event: Event) {
    event.preventDefault();
    const problem = reviewProblem(rating, comment);
    if (problem) return setError(problem);
    setSending(true);
    setError(null);
    try {
      await sendReview(props.bookingId, rating!, comment);
      props.onDone(rating!);
    } catch (err) {
      setError((err as Error).message);
      setSending(false);
    }
  }

  return (
    <form className="rate-form" onSubmit={(e) => void submit(e)} aria-label={`Rate ${props.facilityName}`} noValidate>
      <fieldset className="rate-stars" ref={stars}>
        <legend>How was {props.facilityName}?</legend>
        <div className="rate-star-row">
          {STARS.map((n) => (
            <label key={n} className={rating !== null && n <= rating ? 'is-on' : ''}>
              <input type="radio" name={`${id}-rating`} value={n} checked={rating === n} onChange={() => setRating(n)} required />
              <span aria-hidden="true">★</span>
              <span className="sr-only">{starName(n)}</span>
            </label>
          ))}
          <span className="rate-chosen" aria-live="polite">{rating === null ? '' : `${rating}/5`}</span>
        </div>
      </fieldset>
      <label className="rate-comment" htmlFor={`${id}-comment`}>
        Comment <span className="muted">(optional)</span>
      </label>
      <textarea id={`${id}-comment`} rows={3} maxLength={REVIEW_COMMENT_MAX_LENGTH} value={comment} onInput={(e) => setComment((e.target as HTMLTextAreaElement).value)} />
      <p className="rate-note muted">Shown on the facility page as “Verified player”, never with your name.</p>
      {error && (
        <p className="rate-error" role="alert">
          {error}
        </p>
      )}
      <div className="rate-actions">
        <button type="submit" className="btn btn-small" disabled={sending}>
          {sending ? 'Sending…' : 'Send rating'}
        </button>
        <button type="button" className="btn btn-small btn-secondary" onClick={props.onClose} disabled={sending}>
          Not now
        </button>
      </div>
    </form>
  );
}
