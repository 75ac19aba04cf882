import {
  DomainError,
  centsToDollars,
  displayDate,
  dollarsToCents,
  formatCents,
  formatVoucherCode,
  invalid,
  isVoucherCodeShape,
  normalizeVoucherCode,
  voucherExpiresAt,
  voucherLastDay,
} from '@courtside/domain';
import type { RedeemDto, TopUpDto, VoucherBody, VoucherDto, VoucherPurchaseBody } from '@courtside/contracts';
import { placeCreditOrder } from '../payments/credit-orders.ts';
import { recordAudit } from '../repositories/audit-log.ts';
import * as vouchers from '../repositories/vouchers.ts';
import type { VoucherView } from '../repositories/vouchers.ts';
import * as wallet from '../repositories/wallet.ts';
import { parseListParams, stringFilter, type ListParams } from '../shared/admin-query.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';
import { consume, releaseHit, type Limit } from '../shared/throttle.ts';
import { mintVoucherCode, voucherCodeHash } from '../shared/voucher-codes.ts';

/**
 * Gift vouchers: credit behind a code. A code is 16 characters drawn from VOUCHER_ALPHABET (80
 * bits), shown once (to the staff member who made it, or emailed for one bought online) and
 * stored only as its SHA-256, so neither the database nor the back office can show it again.
 * Redeeming credits one wallet once: one conditional UPDATE picks the winner, and the ledger
 * entry is written in the same transaction (unique per voucher).
 */

const voucherNotFound = () => new DomainError('not_found', 'NOT_FOUND', 'Voucher not found.');
const unknownCode = () => new DomainError('not_found', 'VOUCHER_INVALID', 'There is no voucher with this code. Check it and try again.', 'code');
const TOO_MANY_GUESSES = 'Too many voucher codes tried. Please wait and try again.';

export function toVoucherDto(ctx: ServiceContext, row: VoucherView, code?: string): VoucherDto {
  return {
    id: row.id,
    codeHint: row.code_hint,
    ...(code === undefined ? {} : { code: formatVoucherCode(code) }),
    value: centsToDollars(row.value_cents),
    expiresAt: row.expires_at === null ? null : voucherLastDay(row.expires_at, ctx.config.defaultTimezone),
    createdByName: row.created_by_name,
    orderId: row.order_id,
    recipientEmail: row.recipient_email,
    redeemedByName: row.redeemed_by_name,
    redeemedAt: row.redeemed_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

export async function pageVouchers(ctx: ServiceContext, params: ListParams) {
  const { page, filter, ids } = parseListParams(
    params,
    { createdAt: 'v.created_at', value: 'v.value_cents', expiresAt: 'v.expires_at', redeemedAt: 'v.redeemed_at', codeHint: 'v.code_hint', id: 'v.id' },
    ['createdAt', 'DESC'],
  );
  const redeemed = filter.redeemed === undefined || filter.redeemed === null || filter.redeemed === '' ? undefined : filter.redeemed === true || filter.redeemed === 'true';
  // Staff may type the hint as shown ("…QR7K") or in lower case.
  const q = stringFilter(filter, 'q');
  const { rows, total } = await vouchers.pageVouchers(ctx.db, { ids, q: q === undefined ? undefined : normalizeVoucherCode(q).replace(/[^A-Z0-9]/g, ''), redeemed }, page);
  return { records: rows.map((r) => toVoucherDto(ctx, r)), total, page };
}

export async function getVoucher(ctx: ServiceContext, id: string): Promise<VoucherDto> {
  const row = await vouchers.findVoucher(ctx.db, id);
  if (!row) throw voucherNotFound();
  return toVoucherDto(ctx, row);
}

/** Staff make a voucher: its value, and optionally the last day it can be redeemed. The answer carries the code, once. */
export async function createVoucher(ctx: ServiceContext, actor: CurrentUser, body: VoucherBody): Promise<VoucherDto> {
  const valueCents = dollarsToCents(body.value, 'value');
  if (valueCents <= 0) throw invalid('INVALID_AMOUNT', 'value must be more than zero', 'value');
  const now = ctx.clock();
  const expiresAt = body.expiresAt ? voucherExpiresAt(body.expiresAt, ctx.config.defaultTimezone, now) : null;
  const { code, codeHash, codeHint } = mintVoucherCode();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const { id } = await vouchers.insertVoucher(trx, { codeHash, codeHint, valueCents, expiresAt, createdBy: actor.id, orderId: null, recipientEmail: null }, now);
    await recordAudit(trx, actor, now, {
      action: 'voucher-create',
      subjectType: 'voucher',
      subjectId: id,
      summary: `Created gift voucher …${codeHint} worth ${formatCents(valueCents, ctx.config.money)}`,
      detail: { value: body.value, expiresAt: body.expiresAt ?? null },
    });
    return id;
  });
  const row = await vouchers.findVoucher(ctx.db, id);
  return toVoucherDto(ctx, row!, code);
}

function guessLimits(ctx: ServiceContext, userId: string, ip: string | undefined): Limit[] {
  const max = ctx.config.promoMaxGuesses;
  if (max <= 0) return [];
  const windowMs = ctx.config.promoWindowMinutes * 60_000;
  const limits = [{ key: `voucher:user:${userId}`, max, windowMs }];
  // One network may be many customers (an office, a club): it gets more room.
  if (ip) limits.push({ key: `voucher:ip:${ip}`, max: max * 5, windowMs });
  return limits;
}

/**
 * Redeems a code into the caller's wallet. A code of the wrong shape is refused before anything
 * is counted (400); every other try counts against the caller's guesses before the lookup (so
 * concurrent guesses cannot all slip under the limit) and is given back when the code exists,
 * used or not: only unknown codes use up guesses, and past the limit every try is 429.
 */
export async function redeemVoucher(ctx: ServiceContext, user: CurrentUser, typed: string, ip: string | undefined): Promise<RedeemDto> {
  if (!isVoucherCodeShape(typed)) throw invalid('VOUCHER_INVALID', 'code must be 16 letters and digits, as on the voucher (e.g. ABCD-EFGH-JKLM-NPQR)', 'code');
  const codeHash = voucherCodeHash(typed);
  const now = ctx.clock();
  const limits = guessLimits(ctx, user.id, ip);
  for (const limit of limits) await consume(ctx.db, limit, now, TOO_MANY_GUESSES);

  const credited = await ctx.db.transaction().execute(async (trx) => {
    const won = await vouchers.claimVoucher(trx, codeHash, user.id, now);
    if (!won) return undefined;
    await wallet.addEntry(trx, { userId: user.id, kind: 'voucher', amountCents: won.value_cents, reason: `Gift voucher …${won.code_hint} redeemed`, voucherId: won.id }, now);
    return { cents: won.value_cents, balance: await wallet.balanceOf(trx, user.id) };
  });
  if (credited) {
    for (const limit of limits) await releaseHit(ctx.db, limit.key);
    return { credited: centsToDollars(credited.cents), balance: centsToDollars(credited.balance) };
  }

  const state = await vouchers.voucherState(ctx.db, codeHash);
  if (!state) throw unknownCode();
  for (const limit of limits) await releaseHit(ctx.db, limit.key);
  if (state.redeemed_at) throw new DomainError('conflict', 'VOUCHER_REDEEMED', 'This voucher has already been redeemed.', 'code');
  throw new DomainError('conflict', 'VOUCHER_EXPIRED', `This voucher expired: its last day was ${displayDate(voucherLastDay(state.expires_at!, ctx.config.defaultTimezone), ctx.config.money.locale)}.`, 'code');
}

/**
 * A customer buys a gift voucher: an order of kind 'voucher' for `amount` (VOUCHER_MIN to
 * VOUCHER_MAX), paid on the hosted page like a top-up. The voucher is issued, and its code
 * emailed, when the provider confirms payment (issuePurchasedVoucher, api/src/payments/gift-vouchers.ts).
 */
export async function purchaseVoucher(ctx: ServiceContext, user: CurrentUser, body: VoucherPurchaseBody): Promise<TopUpDto> {
  const amountCents = dollarsToCents(body.amount, 'amount');
  const { voucherMinCents, voucherMaxCents } = ctx.config.wallet;
  if (amountCents < voucherMinCents || amountCents > voucherMaxCents) {
    throw invalid('INVALID_AMOUNT', `amount must be between ${formatCents(voucherMinCents, ctx.config.money)} and ${formatCents(voucherMaxCents, ctx.config.money)}`, 'amount');
  }
  const recipient = body.recipientEmail?.trim() || undefined;
  const value = formatCents(amountCents, ctx.config.money);
  return placeCreditOrder(ctx, user, {
    kind: 'voucher',
    amountCents,
    description: recipient ? `Gift voucher of ${value} for ${recipient}` : `Gift voucher of ${value}`,
    ...(recipient ? { giftRecipientEmail: recipient } : {}),
  });
}
