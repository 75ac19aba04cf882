import type { VoucherDto } from '@courtside/contracts';

/** A gift voucher as the back office lists it: never its code, only its last four characters. */
export type VoucherRecord = VoucherDto;
