import { useEffect, useState } from 'react';
import { countdownAnnouncement, countdownText } from './waitlist.ts';

/**
 * The time left to pay for an offer, mm:ss, ticking each second; screen readers hear it at most
 * once a minute (a polite live region whose words change by the minute). `onLapse` once it reaches zero.
 */
export function OfferCountdown({ expiresAt, onLapse }: { expiresAt: string; onLapse: () => void }) {
  const deadline = Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());
  const left = deadline - now;

  useEffect(() => {
    if (left <= 0) {
      onLapse();
      return;
    }
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(1000, left));
    return () => window.clearTimeout(timer);
  }, [left, onLapse]);

  return (
    <p className="offer-countdown">
      <span aria-hidden="true">Time left to pay: <strong className="countdown">{countdownText(left)}</strong></span>
      <span className="sr-only" aria-live="polite">{countdownAnnouncement(left)}</span>
    </p>
  );
}
