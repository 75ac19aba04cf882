import { applyPromo, formatCents, normalizePromoCode, shareDiscount, unknownPromoCode, type PromoApplied, type PromoCode } from '@courtside/domain';
import type { BookingRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import * as promoCodes from '../repositories/promo-codes.ts';
import type { PromoCodeView } from '../repositories/promo-codes.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';
import { consume, releaseHit, type Limit } from '../shared/throttle.ts';

/**
 * A promo code at checkout. The code's terms and its uses are read inside the order's
 * transaction, under a lock on the code's row (`FOR UPDATE`) taken before its uses are counted:
 * of concurrent checkouts with the last use of a code, exactly one gets it, the others are
 * refused ("has been used up") when their turn at the lock comes.
 */

const TOO_MANY_GUESSES = 'Too many promo codes tried. Please wait and try again.';

function guessLimits(ctx: ServiceContext, userId: string, ip: string | undefined): Limit[] {
  const max = ctx.config.promoMaxGuesses;
  if (max <= 0) return [];
  const windowMs = ctx.config.promoWindowMinutes * 60_000;
  const limits = [{ key: `promo:user:${userId}`, max, windowMs }];
  // One network may be many customers (an office, a club): it gets more room.
  if (ip) limits.push({ key: `promo:ip:${ip}`, max: max * 5, windowMs });
  return limits;
}

/**
 * The typed code in capitals, if such a code exists; else PROMO_INVALID ("There is no promo
 * code X"). Guessing is limited: every try is counted before the lookup (so concurrent guesses
 * cannot all slip under the limit) and given back when the code exists; past the limit, 429.
 */
export async function knownPromoCode(ctx: ServiceContext, user: CurrentUser, typed: string, ip: string | undefined): Promise<string> {
  const code = normalizePromoCode(typed);
  const now = ctx.clock();
  const limits = guessLimits(ctx, user.id, ip);
  for (const limit of limits) await consume(ctx.db, limit, now, TOO_MANY_GUESSES);
  if (!(await promoCodes.findLiveCode(ctx.db, code))) throw unknownPromoCode(typed);
  for (const limit of limits) await releaseHit(ctx.db, limit.key);
  return code;
}

/** The facilities a stored code is limited to (a JSON column), or undefined for all of them. */
export const facilityIdsOf = (row: Pick<PromoCodeView, 'facility_ids'>): string[] | undefined =>
  Array.isArray(row.facility_ids) ? (row.facility_ids as string[]) : undefined;

/** A stored code as the domain's rules read it. */
function storedPromoCode(row: PromoCodeView): PromoCode {
  const promo: PromoCode = { code: row.code };
  if (row.percent_off !== null) promo.percentOff = row.percent_off;
  if (row.amount_off_cents !== null) promo.amountOffCents = row.amount_off_cents;
  if (row.valid_from !== null) promo.validFrom = row.valid_from;
  if (row.valid_to !== null) promo.validTo = row.valid_to;
  const ids = facilityIdsOf(row);
  if (ids) promo.facilityIds = ids;
  if (row.min_amount_cents !== null) promo.minAmountCents = row.min_amount_cents;
  if (row.max_uses !== null) promo.maxUses = row.max_uses;
  if (row.max_uses_per_customer !== null) promo.maxUsesPerCustomer = row.max_uses_per_customer;
  return promo;
}

export interface OrderPromo extends PromoApplied {
  promoCodeId: string;
  code: string;
  /** Each booking's share of the discount, by booking id. */
  shares: Map<string, number>;
}

/**
 * What `code` does to the caller's bookings (`rows`, in the order's order), inside the order's
 * transaction. With `lock` (placing the order) the code's row is locked before its uses are
 * counted; a preview reads without it. A refusal is PROMO_INVALID with the reason in words.
 */
export async function applyCodeToOrder(
  ctx: ServiceContext,
  trx: Executor,
  user: CurrentUser,
  code: string,
  rows: Pick<BookingRow, 'id' | 'facility_id' | 'payable_cents'>[],
  opts: { lock: boolean },
): Promise<OrderPromo> {
  const now = ctx.clock();
  const row = opts.lock ? await promoCodes.lockLiveCode(trx, code) : await promoCodes.findLiveCode(trx, code);
  // Withdrawn by staff since the code was looked up.
  if (!row) throw unknownPromoCode(code);
  const ids = rows.map((r) => r.id);
  const uses = await promoCodes.countUses(trx, row.id, user.id, ids, now);
  const lines = rows.map((r) => r.payable_cents);
  const applied = applyPromo(storedPromoCode(row), {
    totalCents: lines.reduce((sum, c) => sum + c, 0),
    facilityIds: rows.map((r) => r.facility_id),
    now,
    timezone: ctx.config.defaultTimezone,
    usesSoFar: uses.total,
    usesByCustomer: uses.mine,
    formatMoney: (cents) => formatCents(cents, ctx.config.money),
  });
  const shares = shareDiscount(lines, applied.discountCents);
  return { ...applied, promoCodeId: row.id, code: row.code, shares: new Map(ids.map((id, i) => [id, shares[i]!])) };
}
