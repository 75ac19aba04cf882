import { claimDueMessages, markAttemptFailed, markSent, pruneMessages } from '../repositories/outbox.ts';
import { renewClaim } from '../repositories/claims.ts';
import { dueReminders, duePlayerReminders } from '../repositories/booking-mail.ts';
import type { ServiceContext } from '../shared/context.ts';
import { enqueueReminder } from './booking-mail.ts';
import { transportFor } from './transport.ts';
import { queueShareReminders } from './share-mail.ts';

/**
 * The outbox's sender, one pass per sweep: queues due reminders, sends what is due, prunes
 * what is old. Messages are claimed with SKIP LOCKED, so any number of API processes share the
 * work and each message goes out once (a claim leases a message, renewed right before its
 * send, so a slow relay never makes it another sender's mid-batch); one whose send fails is retried with back-off (30 s doubling to an hour) for about a
 * day, then marked failed for staff to look at.
 */

const BATCH = 10;
const MAX_BATCHES = 50;
// With the claim's back-off, the 30th attempt comes about 23 hours after the first.
export const MAX_ATTEMPTS = 30;

export interface MailPass {
  reminders: number;
  sent: number;
  retrying: number;
  failed: number;
  pruned: number;
}

export async function deliverMail(ctx: ServiceContext): Promise<MailPass> {
  const pass: MailPass = { reminders: await queueReminders(ctx), ...(await sendDueMail(ctx)), pruned: 0 };
  pass.pruned = await pruneMessages(ctx.db, new Date(ctx.clock().getTime() - ctx.config.mail.retentionDays * 86_400_000));
  return pass;
}

/** Sends what is due now; the part of a pass that runs when queued mail wakes the sender. */
export async function sendDueMail(ctx: ServiceContext): Promise<Pick<MailPass, 'sent' | 'retrying' | 'failed'>> {
  const pass = { sent: 0, retrying: 0, failed: 0 };
  const transport = transportFor(ctx.config.mail);
  for (let i = 0; i < MAX_BATCHES; i++) {
    const due = await claimDueMessages(ctx.db, ctx.clock(), BATCH);
    for (const message of due) {
      // A message whose lease ran out while the batch was being sent may be another sender's now.
      if (!(await renewClaim(ctx.db, 'outbox_messages', message.id, message.attempts, ctx.clock()))) continue;
      try {
        await transport.send(message);
        await markSent(ctx.db, message.id, ctx.clock());
        pass.sent++;
      } catch (err) {
        const giveUp = message.attempts >= MAX_ATTEMPTS;
        await markAttemptFailed(ctx.db, message.id, err instanceof Error ? err.message : String(err), message.attempts, giveUp, ctx.clock());
        pass[giveUp ? 'failed' : 'retrying']++;
      }
    }
    if (due.length < BATCH) break;
  }
  return pass;
}

async function queueReminders(ctx: ServiceContext): Promise<number> {
  // A share due soon is money owed, not a courtesy: told whatever the reminder setting.
  let queued = await queueShareReminders(ctx);
  const hours = ctx.config.mail.reminderHours;
  if (hours === 0) return queued;
  for (const booking of await dueReminders(ctx.db, ctx.clock(), hours, 500)) {
    if (await enqueueReminder(ctx, ctx.db, booking)) queued++;
  }
  // Its players are reminded as its customer is, each once.
  for (const booking of await duePlayerReminders(ctx.db, ctx.clock(), hours, 500)) {
    if (await enqueueReminder(ctx, ctx.db, booking, booking.reminder_key)) queued++;
  }
  return queued;
}
