import type { TierDto } from '@courtside/contracts';

/** A tier as the back office lists it (its `id` is react-admin's key already). */
export type TierRecord = TierDto;
