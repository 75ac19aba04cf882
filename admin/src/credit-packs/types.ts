import type { CreditPackDto } from '@courtside/contracts';

/** A credit pack as the back office lists it (its `id` is react-admin's key already). */
export type CreditPackRecord = CreditPackDto;
