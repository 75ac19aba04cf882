import { SHARE_DUE_SOON_HOURS, firstName } from '@courtside/domain';
import type { Executor } from '../db/database.ts';
import { dueShareReminders, findBookingForMail, findShareOrderForMail } from '../repositories/booking-mail.ts';
import type { ServiceContext } from '../shared/context.ts';
import { factsOf } from './booking-mail.ts';
import { enqueueRendered } from './outbox.ts';

/** Split payment's messages: a share paid (to its payer), a share due soon (to players yet to pay), the organizer's covering charge, paid or declined. */

type MailContext = Pick<ServiceContext, 'config' | 'clock'>;

async function orderFacts(trx: Executor, orderId: string) {
  const o = await findShareOrderForMail(trx, orderId);
  const b = o && (await findBookingForMail(trx, o.booking_id));
  return o && b ? { o, b } : undefined;
}

/** Queues "share paid" to the player who paid it, in the transaction that settles it; once per order. */
export async function enqueueSharePaid(ctx: MailContext, trx: Executor, orderId: string): Promise<void> {
  const found = await orderFacts(trx, orderId);
  if (!found) return;
  const { o, b } = found;
  const asPayer = { ...b, user_name: o.payer_name, user_email: o.payer_email };
  await enqueueRendered(ctx, trx, 'share_paid', o.payer_email, (t, l) => t.sharePaid(l, factsOf(asPayer), firstName(b.user_name), o.amount_cents), {
    dedupeKey: `share-paid:${orderId}`,
  });
}

/** Queues "unpaid shares charged" to the organizer, in the transaction that records the charge; once per cover order. */
export async function enqueueSharesCovered(ctx: MailContext, trx: Executor, orderId: string): Promise<void> {
  const found = await orderFacts(trx, orderId);
  if (!found) return;
  const { o, b } = found;
  await enqueueRendered(ctx, trx, 'shares_covered', b.user_email, (t, l) => t.sharesCovered(l, factsOf(b), o.amount_cents, o.shares), {
    dedupeKey: `shares-covered:${orderId}`,
  });
}

/** Queues "payment declined, still owed" to the organizer, in the transaction that records the refusal; once per cover order. */
export async function enqueueCoverDeclined(ctx: MailContext, trx: Executor, orderId: string): Promise<void> {
  const found = await orderFacts(trx, orderId);
  if (!found) return;
  const { o, b } = found;
  await enqueueRendered(ctx, trx, 'shares_covered', b.user_email, (t, l) => t.coverDeclined(l, factsOf(b), o.amount_cents), {
    dedupeKey: `cover-declined:${orderId}`,
  });
}

/** Queues "your share is due" to each player still to pay a split booking due within SHARE_DUE_SOON_HOURS; each once. */
export async function queueShareReminders(ctx: ServiceContext): Promise<number> {
  let queued = 0;
  for (const row of await dueShareReminders(ctx.db, ctx.clock(), SHARE_DUE_SOON_HOURS, 500)) {
    const { due_at, organizer_name, reminder_key, share_cents, ...b } = row;
    const id = await enqueueRendered(ctx, ctx.db, 'share_due_soon', b.user_email, (t, l) => t.shareDueSoon(l, factsOf(b), firstName(organizer_name), share_cents ?? 0, due_at!), {
      dedupeKey: reminder_key,
    });
    if (id) queued++;
  }
  return queued;
}
