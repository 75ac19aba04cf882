import type { ClosureDto } from '@courtside/contracts';

/** A closure as the back office lists it (its `id` is react-admin's key already). */
export type ClosureRecord = ClosureDto;
