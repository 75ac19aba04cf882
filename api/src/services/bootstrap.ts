import { randomBytes } from 'node:crypto';
import { DEMO_CREDIT_PACKS, DEMO_FACILITIES } from '@courtside/migrations';
import { dollarsToCents } from '@courtside/domain';
import { insertCreditPack } from '../repositories/credit-packs.ts';
import { countFacilities } from '../repositories/facilities.ts';
import { countActiveOwners, findByEmail, setRole } from '../repositories/users.ts';
import { createAccount } from './auth-service.ts';
import type { ServiceContext } from '../shared/context.ts';
import { createFacility } from './facility-service.ts';

/** First start on an empty database: a demo catalogue (facilities and the credit packs on sale) and the first admin. */
export async function seedDemoCatalogue(ctx: ServiceContext): Promise<number> {
  if ((await countFacilities(ctx.db)) > 0) return 0;
  const made = new Map<string, string>();
  for (const { partOf, ...facility } of DEMO_FACILITIES) {
    const created = await createFacility(ctx, { ...facility, parentId: partOf === undefined ? null : made.get(partOf) });
    made.set(created.name, created._id);
  }
  for (const pack of DEMO_CREDIT_PACKS) {
    const write = { name: pack.name, price_cents: dollarsToCents(pack.price), credit_cents: dollarsToCents(pack.credit), bonus_expires_days: pack.bonusExpiresDays, active: true };
    await insertCreditPack(ctx.db, write, ctx.clock());
  }
  return DEMO_FACILITIES.length;
}

export interface FirstAdmin {
  email: string;
  /** Present only when we generated it: shown once, never stored in clear. */
  generatedPassword?: string;
}

/**
 * Makes sure the venue has an owner (the first account of the back office). Uses ADMIN_EMAIL/ADMIN_PASSWORD when given; otherwise
 * generates a strong password that is printed once. No fixed default credentials exist.
 */
export async function ensureFirstAdmin(ctx: ServiceContext): Promise<FirstAdmin | undefined> {
  if ((await countActiveOwners(ctx.db)) > 0) return undefined;
  const email = ctx.config.adminEmail ?? 'admin@courtside.local';
  const existing = await findByEmail(ctx.db, email);
  if (existing && existing.deleted_at === null) {
    await setRole(ctx.db, existing.id, 'owner', ctx.clock());
    return { email };
  }
  const generatedPassword = ctx.config.adminPassword ? undefined : randomBytes(18).toString('base64url');
  await createAccount(
    ctx,
    { name: ctx.config.adminName, email, password: ctx.config.adminPassword ?? generatedPassword!, phone: '-', address: '-', photoUrl: '/images/avatar.svg' },
    'owner',
  );
  return { email, generatedPassword };
}
