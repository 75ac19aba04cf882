import type { BookingDto, ListRecord } from '@courtside/contracts';

export type BookingRecord = ListRecord<BookingDto>;
