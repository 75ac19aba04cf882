import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { PaymentProvider } from '../payments/provider.ts';

/** What every use case may depend on; tests build it the same way production does. */
export interface ServiceContext {
  db: Db;
  config: Config;
  /** The only source of "now", so tests can move time (hold expiry, cancellation windows). */
  clock: () => Date;
  payments: PaymentProvider;
}
