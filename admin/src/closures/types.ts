import type { ClosureDto } from '@courtside/contracts';

/** A closure as the back office lists it (its `id` is react-admin's key already). */
export type ClosureRecord = ClosureDto;

/** What POST and PUT /api/admin/closures take. */
export type ClosureBody = Pick<ClosureDto, 'facilityIds' | 'start' | 'end' | 'reason' | 'kind'> & { cancelBookings?: boolean };
