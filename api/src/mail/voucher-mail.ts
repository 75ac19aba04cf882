import { firstName } from '@courtside/domain';
import type { Executor } from '../db/database.ts';
import type { ServiceContext } from '../shared/context.ts';
import { enqueueRendered } from './outbox.ts';
import type { GiftVoucherFacts } from './templates.ts';

type MailContext = Pick<ServiceContext, 'config' | 'clock'>;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The emails of a gift voucher bought online, queued in the paying transaction, once per order.
 * Bought for someone else: the code goes to the recipient alone (voucher_received) and the buyer
 * gets a receipt without it (voucher_purchased). Bought for themselves (no recipient, or their own
 * address): one receipt with the code. The code is sealed: staff's copy of each message hides it.
 */
export async function enqueueGiftVoucherMail(
  ctx: MailContext,
  trx: Executor,
  orderId: string,
  buyer: { name: string; email: string },
  recipientEmail: string | null,
  v: GiftVoucherFacts,
): Promise<void> {
  const gift = recipientEmail !== null && !sameAddress(recipientEmail, buyer.email);
  if (gift) {
    await enqueueRendered(ctx, trx, 'voucher_received', recipientEmail, (t, layout) => t.voucherReceived(layout, v, firstName(buyer.name)), { dedupeKey: `voucher-received:${orderId}` });
  }
  await enqueueRendered(ctx, trx, 'voucher_purchased', buyer.email, (t, layout) => t.voucherPurchased(layout, buyer.name, { ...v, code: gift ? null : v.code, recipientEmail: gift ? recipientEmail : null }), {
    dedupeKey: `voucher-purchased:${orderId}`,
  });
}
