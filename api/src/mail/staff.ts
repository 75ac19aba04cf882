import type { EmailKind } from '@courtside/domain';
import type { Executor } from '../db/database.ts';
import { activeManagerEmails } from '../repositories/mail-recipients.ts';
import type { ServiceContext } from '../shared/context.ts';
import { enqueueRendered } from './outbox.ts';
import type { MailLayout, RenderedMail, templates } from './templates.ts';

/** Where staff notices go: STAFF_EMAIL, else every active manager and owner. */
export async function staffRecipients(ctx: Pick<ServiceContext, 'config'>, trx: Executor): Promise<string[]> {
  return ctx.config.mail.staffEmail ? [ctx.config.mail.staffEmail] : activeManagerEmails(trx);
}

/** Queues one staff notice to each staff recipient; with a dedupe key, once per recipient whoever queues it. */
export async function enqueueStaffNotice(
  ctx: Pick<ServiceContext, 'config' | 'clock'>,
  trx: Executor,
  kind: EmailKind,
  pick: (t: typeof templates, layout: MailLayout) => RenderedMail,
  dedupeKey?: string,
): Promise<void> {
  for (const to of await staffRecipients(ctx, trx)) {
    await enqueueRendered(ctx, trx, kind, to, pick, dedupeKey ? { dedupeKey: `${dedupeKey}:${to}` } : {});
  }
}
