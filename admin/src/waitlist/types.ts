import type { WaitingCustomerDto, WaitlistAdminEntryDto } from '@courtside/contracts';

/** A waitlist entry as the back office lists it: the entry, its customer and who removed it (the wire shape carries `id`). */
export type WaitlistRecord = WaitlistAdminEntryDto;

/** Someone waiting for time a desk booking would take (GET /api/admin/waitlist/at/:facilityId), in queue order. */
export type WaitingCustomer = WaitingCustomerDto;
