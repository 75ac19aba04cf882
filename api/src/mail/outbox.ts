import type { EmailKind } from '@courtside/domain';
import type { Executor } from '../db/database.ts';
import { insertOutboxMessage, type NewOutboxMessage } from '../repositories/outbox.ts';
import type { ServiceContext } from '../shared/context.ts';
import { templates, type MailLayout, type RenderedMail } from './templates.ts';

export type { NewOutboxMessage };

/**
 * Queues a message inside the caller's transaction: it is sent after commit by the sweeper,
 * and never if the transaction rolls back. With a dedupe key, only the first is kept.
 * Returns the message id, or undefined when the dedupe key was taken.
 */
export function enqueue(trx: Executor, message: NewOutboxMessage, now: Date): Promise<string | undefined> {
  return insertOutboxMessage(trx, message, now);
}

export const layoutOf = (ctx: Pick<ServiceContext, 'config'>): MailLayout => ({ venue: ctx.config.mail.venue, publicBaseUrl: ctx.config.publicBaseUrl, money: ctx.config.money });

/** Customers booked at the desk without an email get an address under this reserved domain: nothing is sent to it. */
export const NO_EMAIL_DOMAIN = 'no-email.invalid';
const isDeliverable = (recipient: string) => !recipient.toLowerCase().endsWith('.invalid');

/** Queues one of the templates to one recipient (none to an address that cannot receive mail). */
export function enqueueRendered(
  ctx: Pick<ServiceContext, 'config' | 'clock'>,
  trx: Executor,
  kind: EmailKind,
  recipient: string,
  pick: (t: typeof templates, layout: MailLayout) => RenderedMail,
  extra: Pick<NewOutboxMessage, 'attachments' | 'dedupeKey'> = {},
): Promise<string | undefined> {
  if (!isDeliverable(recipient)) return Promise.resolve(undefined);
  return enqueue(trx, { kind, recipient, ...pick(templates, layoutOf(ctx)), ...extra }, ctx.clock());
}
