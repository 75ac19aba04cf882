import { DomainError, centsToDollars, dollarsToCents, formatCents, packTermsProblem } from '@courtside/domain';
import type { CreditPackBody, CreditPackDto, TopUpDto } from '@courtside/contracts';
import type { CreditPackRow } from '@courtside/migrations';
import { placeCreditOrder } from '../payments/credit-orders.ts';
import { recordAudit } from '../repositories/audit-log.ts';
import * as packs from '../repositories/credit-packs.ts';
import { parseListParams, stringFilter, type ListParams } from '../shared/admin-query.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';

/**
 * Credit packs: what the venue sells as credit ("Pay $100, play $110"). Staff define them; the
 * domain's packTermsProblem checks the terms (each refusal naming its field). A pack any order
 * bought is never deleted, only withdrawn (inactive), so its orders keep naming it.
 */

const packNotFound = () => new DomainError('not_found', 'NOT_FOUND', 'Credit pack not found.');
const packUnavailable = (status: 'not_found' | 'conflict') =>
  new DomainError(status, 'PACK_UNAVAILABLE', status === 'not_found' ? 'This credit pack does not exist.' : 'This credit pack is no longer on sale.', 'packId');

export function toCreditPackDto(row: CreditPackRow): CreditPackDto {
  return {
    id: row.id,
    name: row.name,
    price: centsToDollars(row.price_cents),
    credit: centsToDollars(row.credit_cents),
    bonus: centsToDollars(row.credit_cents - row.price_cents),
    bonusExpiresDays: row.bonus_expires_days,
    active: row.active,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** What staff wrote, in cents, once the domain accepts the terms. */
function toWrite(body: CreditPackBody): packs.CreditPackWrite {
  const terms = { priceCents: dollarsToCents(body.price, 'price'), creditCents: dollarsToCents(body.credit, 'credit'), bonusExpiresDays: body.bonusExpiresDays ?? null };
  const problem = packTermsProblem(terms);
  if (problem) throw problem;
  const name = body.name.trim();
  if (!name) throw new DomainError('invalid', 'INVALID_PACK', 'name must not be empty.', 'name');
  return { name, price_cents: terms.priceCents, credit_cents: terms.creditCents, bonus_expires_days: terms.bonusExpiresDays, active: body.active ?? true };
}

/** "Credit pack Gold: $110.00 of credit": what a top-up buys, as its pages and the ledger say it. */
export const packDescription = (pack: Pick<CreditPackRow, 'name' | 'credit_cents'>, ctx: Pick<ServiceContext, 'config'>) =>
  `Credit pack ${pack.name}: ${formatCents(pack.credit_cents, ctx.config.money)} of credit`;

export async function pageCreditPacks(ctx: ServiceContext, params: ListParams) {
  const { page, filter, ids } = parseListParams(
    params,
    { name: 'c.name', price: 'c.price_cents', credit: 'c.credit_cents', active: 'c.active', createdAt: 'c.created_at', id: 'c.id' },
    ['price', 'ASC'],
  );
  const active = filter.active === undefined || filter.active === null || filter.active === '' ? undefined : filter.active === true || filter.active === 'true';
  const { rows, total } = await packs.pageCreditPacks(ctx.db, { ids, q: stringFilter(filter, 'q'), active }, page);
  return { records: rows.map(toCreditPackDto), total, page };
}

export async function getCreditPack(ctx: ServiceContext, id: string): Promise<CreditPackDto> {
  const row = await packs.findCreditPack(ctx.db, id);
  if (!row) throw packNotFound();
  return toCreditPackDto(row);
}

/** The packs on sale, cheapest first: what anyone may buy. */
export async function activeCreditPacks(ctx: ServiceContext): Promise<CreditPackDto[]> {
  return (await packs.activeCreditPacks(ctx.db)).map(toCreditPackDto);
}

export async function createCreditPack(ctx: ServiceContext, actor: CurrentUser, body: CreditPackBody): Promise<CreditPackDto> {
  const write = toWrite(body);
  const now = ctx.clock();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const row = await packs.insertCreditPack(trx, write, now);
    await recordAudit(trx, actor, now, { action: 'price-change', subjectType: 'credit-pack', subjectId: row.id, summary: `Created credit pack ${row.name}`, detail: { to: body } });
    return row;
  });
  return toCreditPackDto(row);
}

/** Replaces a pack's terms; top-ups already ordered keep the terms they were ordered on. */
export async function updateCreditPack(ctx: ServiceContext, actor: CurrentUser, id: string, body: CreditPackBody): Promise<CreditPackDto> {
  const write = toWrite(body);
  const now = ctx.clock();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const row = await packs.updateCreditPack(trx, id, write, now);
    if (!row) throw packNotFound();
    await recordAudit(trx, actor, now, { action: 'price-change', subjectType: 'credit-pack', subjectId: id, summary: `Changed credit pack ${row.name}`, detail: { to: body } });
    return row;
  });
  return toCreditPackDto(row);
}

/** Deletes a pack nobody bought; one that was bought is withdrawn from sale instead. Answers the pack as it was. */
export async function deleteCreditPack(ctx: ServiceContext, actor: CurrentUser, id: string): Promise<CreditPackDto> {
  const now = ctx.clock();
  const before = await ctx.db.transaction().execute(async (trx) => {
    const row = await packs.lockCreditPackForUpdate(trx, id);
    if (!row) throw packNotFound();
    const bought = await packs.wasEverOrdered(trx, id);
    if (bought) await packs.updateCreditPack(trx, id, { ...row, active: false }, now);
    else await packs.deleteCreditPack(trx, id);
    await recordAudit(trx, actor, now, { action: 'delete', subjectType: 'credit-pack', subjectId: id, summary: bought ? `Withdrew credit pack ${row.name} (it was bought)` : `Deleted credit pack ${row.name}` });
    return row;
  });
  return toCreditPackDto(before);
}

/**
 * A customer buys a pack online: a 'top_up' order holding the pack's terms as they are now (a
 * later edit of the pack changes nothing bought), paid on the provider's hosted page.
 */
export async function orderTopUp(ctx: ServiceContext, user: CurrentUser, packId: string): Promise<TopUpDto> {
  const pack = await packs.findCreditPack(ctx.db, packId);
  if (!pack) throw packUnavailable('not_found');
  if (!pack.active) throw packUnavailable('conflict');
  return placeCreditOrder(ctx, user, {
    kind: 'top_up',
    amountCents: pack.price_cents,
    description: packDescription(pack, ctx),
    creditCents: pack.credit_cents,
    bonusExpiresDays: pack.bonus_expires_days,
    creditPackId: pack.id,
  });
}
