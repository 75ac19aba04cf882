import type { AssignedTier, Role } from '@courtside/domain';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { PaymentProviders } from '../payments/providers/provider.ts';

/** What every use case may depend on; tests build it the same way production does. */
export interface ServiceContext {
  db: Db;
  config: Config;
  /** The only source of "now", so tests can move time (hold expiry, cancellation windows). */
  clock: () => Date;
  /** Every configured payment provider; an order is always served by the one stored on it. */
  payments: PaymentProviders;
}

/** The signed-in caller a use case acts for (the auth plugin sets it on each request). */
export interface CurrentUser {
  id: string;
  role: Role;
  name: string;
  email: string;
  /** Their customer tier (expired or not: tierPriceFor judges); set for a signed-in caller, left out where unknown. */
  tier?: AssignedTier | null;
}
