import { useRef } from 'react';
import { LoadFailed, Loading } from '../../ui/LoadStatus.tsx';
import { useCalendarLink } from './useCalendarLink.ts';

/** The personal calendar feed: subscribe (webcal:), copy the link, or make a new one. */
export function CalendarCard() {
  const feed = useCalendarLink();
  const field = useRef<HTMLInputElement>(null);
  const { state } = feed;
  return (
    <section className="card account-card account-wide" aria-labelledby="calendar-heading">
      <div className="card-body">
        <h2 id="calendar-heading">Calendar feed</h2>
        <p className="muted account-lead">
          Subscribe once and your confirmed bookings show in Google Calendar, Apple Calendar or Outlook, kept up to date. Anyone with the link can see your bookings, so keep it to yourself. Changing your password or logging out ends this link: come back here for the new one.
        </p>
        {state.phase === 'loading' && <Loading text="Loading your calendar link…" />}
        {state.phase === 'error' && <LoadFailed text={state.message} onRetry={feed.retry} />}
        {state.phase === 'ready' && (
          <>
            <label htmlFor="calendar-link" className="account-label">
              Your calendar link
            </label>
            <div className="feed-link">
              <input ref={field} id="calendar-link" type="text" readOnly value={state.link.webcal} onFocus={(e) => e.currentTarget.select()} spellcheck={false} />
              <button type="button" className="btn btn-secondary" onClick={() => void feed.copy(state.link.webcal, field.current)}>
                {feed.copied ? 'Copied' : 'Copy link'}
              </button>
            </div>
            <span className="sr-only" role="status">
              {feed.copied ? 'Link copied' : ''}
            </span>
            <div className="dash-actions">
              <a className="btn" href={state.link.webcal}>
                Subscribe
              </a>
              <button type="button" className="btn btn-outline-danger" onClick={() => void feed.renew()} disabled={feed.renewing} aria-busy={feed.renewing}>
                {feed.renewing ? 'Making a new link…' : 'Make a new link'}
              </button>
            </div>
            <p className="muted account-note">A new link stops the current one from working.</p>
          </>
        )}
      </div>
    </section>
  );
}
