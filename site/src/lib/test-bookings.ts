import type { BookingDto } from '@courtside/contracts';

/** A booking as the API sends it, for tests: a confirmed, paid hour unless told otherwise. */
export function aBooking(over: Partial<BookingDto> = {}): BookingDto {
  return {
    _id: '6f1c2d3e-0000-4000-8000-000000000001',
    facility: { _id: 'f1', name: 'Centre Court', location: 'Riverside', pricePerHour: 20, timezone: 'America/New_York' },
    user: { _id: 'u1', name: 'Ada', email: 'ada@example.com' },
    date: '2026-11-21',
    startTime: '10:00',
    endTime: '11:00',
    payableAmount: 20,
    paidAmount: 20,
    split: false,
    status: 'confirmed',
    paymentStatus: 'paid',
    holdExpiresAt: null,
    createdAt: '2026-11-20T10:00:00Z',
    refundedAmount: 0,
    refundState: 'none',
    accessCode: null,
    accessOpensAt: null,
    balance: 0,
    cancellable: true,
    cancellableUntil: '2026-11-20T15:00:00Z',
    cancellationHours: 24,
    playEndTime: '11:00',
    playMinutes: 60,
    seriesId: null,
    refundVia: 'provider',
    walletPaidAmount: 0,
    review: null,
    reviewable: false,
    players: { count: 1, max: 4 },
    attendance: 'pending',
    checkedInAt: null,
    ...over,
  };
}
