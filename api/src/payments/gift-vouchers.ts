import { boughtVoucherExpiresAt, formatVoucherCode, voucherLastDay } from '@courtside/domain';
import type { OrderRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { enqueueGiftVoucherMail } from '../mail/voucher-mail.ts';
import { findOrderCustomer } from '../repositories/booking-mail.ts';
import * as vouchers from '../repositories/vouchers.ts';
import type { ServiceContext } from '../shared/context.ts';
import { mintVoucherCode } from '../shared/voucher-codes.ts';

/**
 * Issues the voucher a paid 'voucher' order bought, in the transaction that records the payment:
 * its value is what was paid, it lasts VOUCHER_VALID_DAYS (to the end of that venue day), and its
 * code is emailed (sealed) to the recipient or the buyer. Once per order: a payment event
 * delivered twice finds the order's voucher issued (order_id is unique) and sends nothing more.
 */
export async function issuePurchasedVoucher(ctx: Pick<ServiceContext, 'config' | 'clock'>, trx: Executor, order: OrderRow, now: Date): Promise<void> {
  const tz = ctx.config.defaultTimezone;
  const expiresAt = boughtVoucherExpiresAt(now, ctx.config.wallet.voucherValidDays, tz);
  const { code, codeHash, codeHint } = mintVoucherCode();
  const issued = await vouchers.insertVoucherForOrder(
    trx,
    { codeHash, codeHint, valueCents: order.amount_cents, expiresAt, createdBy: null, orderId: order.id, recipientEmail: order.gift_recipient_email },
    now,
  );
  if (!issued) return;
  const buyer = await findOrderCustomer(trx, order.id);
  if (!buyer) return;
  await enqueueGiftVoucherMail(ctx, trx, order.id, buyer, order.gift_recipient_email, { valueCents: order.amount_cents, code: formatVoucherCode(code), lastDay: voucherLastDay(expiresAt, tz) });
}
