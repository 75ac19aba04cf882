import type { EmailDto } from '@courtside/contracts';

/** One outbox message as the back office gets it (the wire shape already carries `id`). */
export type EmailRecord = EmailDto;

export type EmailAttachment = EmailRecord['attachments'][number];

/** Only a message the outbox gave up on can be queued again; the API refuses the rest (409). */
export const isRetryable = (e: Pick<EmailRecord, 'state'>) => e.state === 'failed';

/**
 * What staff should know about a message that has not gone, in a sentence: given up on, or
 * still being retried after failures. Nothing for a sent message or a first try still due.
 */
export function deliveryProblem(e: Pick<EmailRecord, 'state' | 'attempts' | 'lastError'>): { severity: 'error' | 'warning'; text: string } | null {
  const tries = `${e.attempts} attempt${e.attempts === 1 ? '' : 's'}`;
  if (e.state === 'failed') return { severity: 'error', text: `Not sent: the outbox gave up after ${tries}. Retry puts it back in the queue, due now.` };
  if (e.state === 'pending' && e.attempts > 0) return { severity: 'warning', text: `Not sent yet: ${tries} failed so far. The outbox keeps trying for a day.` };
  return null;
}
