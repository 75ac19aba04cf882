import type { BookingDto } from '@courtside/contracts';

export type BookingRecord = BookingDto & { id: string };
