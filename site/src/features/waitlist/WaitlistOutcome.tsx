import { outcomeHtml } from './outcome-html.ts';
import type { OutcomeView } from './waitlist.ts';

/** What joining the waitlist came to: in line (and where to see it), already there, free now (book it instead), or refused. */
export function WaitlistOutcome({ view }: { view: OutcomeView }) {
  // The same markup Find's script writes, slot chips included (outcomeHtml escapes every word not ours).
  return <div dangerouslySetInnerHTML={{ __html: outcomeHtml(view) }} />;
}
