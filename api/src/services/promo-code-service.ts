import { DomainError, centsToDollars, invalid, toLocal, validatePromoCode, type PromoCodeInput } from '@courtside/domain';
import { recordAudit } from '../repositories/audit-log.ts';
import type { PromoCodeDto } from '@courtside/contracts';
import * as promoCodes from '../repositories/promo-codes.ts';
import type { PromoCodeView, PromoCodeWrite } from '../repositories/promo-codes.ts';
import { facilityIdsOf } from '../payments/promo.ts';
import { parseListParams, stringFilter, type ListParams } from '../shared/admin-query.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';

/**
 * The back office's promo codes. The domain checks what staff write (validatePromoCode, each
 * refusal naming its field); this adds what needs the database: the facilities must exist and
 * a live code's text is unique. A code that any order used is never deleted, only withdrawn
 * (soft deleted): its orders keep showing it, and customers can no longer use it.
 */

const promoCodeNotFound = () => new DomainError('not_found', 'NOT_FOUND', 'Promo code not found.');

const codeTaken = (code: string) => new DomainError('conflict', 'ALREADY_EXISTS', `There is already a promo code ${code}.`, 'code');

export function toPromoCodeDto(row: PromoCodeView & { uses: number }): PromoCodeDto {
  return {
    id: row.id,
    code: row.code,
    percentOff: row.percent_off,
    amountOff: row.amount_off_cents === null ? null : centsToDollars(row.amount_off_cents),
    validFrom: row.valid_from,
    validTo: row.valid_to,
    facilityIds: facilityIdsOf(row) ?? null,
    minAmount: row.min_amount_cents === null ? null : centsToDollars(row.min_amount_cents),
    maxUses: row.max_uses,
    maxUsesPerCustomer: row.max_uses_per_customer,
    uses: row.uses,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Checks what staff wrote with the domain's rules (null is "no limit") and that its facilities exist. */
async function toWrite(ctx: ServiceContext, input: PromoCodeInput): Promise<PromoCodeWrite> {
  const p = validatePromoCode(input);
  if (p.facilityIds) {
    const known = await promoCodes.knownFacilityIds(ctx.db, p.facilityIds);
    const i = p.facilityIds.findIndex((id) => !known.has(id));
    if (i >= 0) throw invalid('INVALID_PROMO_CODE', `facilityIds[${i}] is not a facility`, `facilityIds[${i}]`);
  }
  return {
    code: p.code,
    percent_off: p.percentOff ?? null,
    amount_off_cents: p.amountOffCents ?? null,
    valid_from: p.validFrom ?? null,
    valid_to: p.validTo ?? null,
    facility_ids: p.facilityIds ? JSON.stringify(p.facilityIds) : null,
    min_amount_cents: p.minAmountCents ?? null,
    max_uses: p.maxUses ?? null,
    max_uses_per_customer: p.maxUsesPerCustomer ?? null,
  };
}

/** Runs a write; a live code with the same text (23505 on its unique index) is a 409 naming `code`. */
async function unlessTaken<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw codeTaken(code);
    throw err;
  }
}

export async function pagePromoCodes(ctx: ServiceContext, params: ListParams) {
  const { page, filter, ids } = parseListParams(
    params,
    { code: 'p.code', createdAt: 'p.created_at', validFrom: 'p.valid_from', validTo: 'p.valid_to', uses: 'uses', id: 'p.id' },
    ['createdAt', 'DESC'],
  );
  const now = ctx.clock();
  const current = filter.current === undefined || filter.current === null || filter.current === '' ? undefined : filter.current === true || filter.current === 'true';
  const { rows, total } = await promoCodes.pagePromoCodes(
    ctx.db,
    { ids, q: stringFilter(filter, 'q'), current, today: toLocal(now, ctx.config.defaultTimezone).date },
    page,
    now,
  );
  return { records: rows.map(toPromoCodeDto), total, page };
}

export async function getPromoCode(ctx: ServiceContext, id: string): Promise<PromoCodeDto> {
  const row = await promoCodes.findPromoCode(ctx.db, id, ctx.clock());
  if (!row) throw promoCodeNotFound();
  return toPromoCodeDto(row);
}

export async function createPromoCode(ctx: ServiceContext, actor: CurrentUser, body: PromoCodeInput): Promise<PromoCodeDto> {
  const write = await toWrite(ctx, body);
  const now = ctx.clock();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const { id } = await unlessTaken(write.code, () => promoCodes.insertPromoCode(trx, write, actor.id, now));
    await recordAudit(trx, actor, now, { action: 'price-change', subjectType: 'promo-code', subjectId: id, summary: `Created promo code ${write.code}`, detail: { to: body } });
    return id;
  });
  return getPromoCode(ctx, id);
}

/**
 * Replaces a code's terms. Orders already placed keep the discount they got; the new terms
 * apply to checkouts from now on (a lower maxUses than its uses so far lets nobody else use it).
 */
export async function updatePromoCode(ctx: ServiceContext, actor: CurrentUser, id: string, body: PromoCodeInput): Promise<PromoCodeDto> {
  const write = await toWrite(ctx, body);
  const now = ctx.clock();
  await ctx.db.transaction().execute(async (trx) => {
    const updated = await unlessTaken(write.code, () => promoCodes.updatePromoCode(trx, id, write, now));
    if (!updated) throw promoCodeNotFound();
    await recordAudit(trx, actor, now, { action: 'price-change', subjectType: 'promo-code', subjectId: id, summary: `Changed promo code ${write.code}`, detail: { to: body } });
  });
  return getPromoCode(ctx, id);
}

/**
 * Deletes a code nobody used; a code an order used is withdrawn instead (soft deleted) so the
 * order keeps it. The row is locked first, so a checkout using the code at this moment either
 * commits before (and the code is withdrawn) or finds it gone (unknown code).
 */
export async function deletePromoCode(ctx: ServiceContext, actor: CurrentUser, id: string): Promise<PromoCodeDto> {
  const before = await getPromoCode(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await promoCodes.lockPromoCode(trx, id))) throw promoCodeNotFound();
    if (await promoCodes.wasEverUsed(trx, id)) await promoCodes.softDeletePromoCode(trx, id, ctx.clock());
    else await promoCodes.deletePromoCode(trx, id);
    await recordAudit(trx, actor, ctx.clock(), { action: 'delete', subjectType: 'promo-code', subjectId: id, summary: `Deleted promo code ${before.code}` });
  });
  return before;
}
