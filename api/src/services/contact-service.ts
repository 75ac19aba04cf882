import * as messages from '../repositories/messages.ts';
import { enqueueStaffNotice } from '../mail/staff.ts';
import type { ServiceContext } from '../shared/context.ts';
import { consume } from '../shared/throttle.ts';
import { toMessageRecord } from '../shared/presenters.ts';

export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export async function sendMessage(ctx: ServiceContext, input: ContactInput, ip: string) {
  await consume(
    ctx.db,
    { key: `contact:ip:${ip}`, max: ctx.config.contactMaxMessages, windowMs: ctx.config.contactWindowMinutes * 60_000 },
    ctx.clock(),
    'You have sent several messages in a short time. Please wait a few minutes before sending another.',
  );
  const row = await ctx.db.transaction().execute(async (trx) => {
    const message = await messages.insertMessage(trx, {
      name: input.name.trim(),
      email: input.email.trim(),
      subject: input.subject.trim(),
      message: input.message.trim(),
    });
    await enqueueStaffNotice(ctx, trx, 'contact_notice', (t, l) => t.contactNotice(l, message));
    return message;
  });
  return toMessageRecord(row);
}
