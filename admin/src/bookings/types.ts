import type { BookingDto } from '@courtside/domain';

export type BookingRecord = BookingDto & { id: string };
