import { Type, type Static } from 'typebox';
import { SPORTS, WAITLIST_KINDS, WAITLIST_MINUTES, WAITLIST_STATUSES } from '@courtside/domain';
import { DateText, Id, Nullable, TimeText, oneOf } from './primitives.ts';

/**
 * The waitlist (POST/GET /api/waitlist, DELETE /api/waitlist/:id; the back office's
 * /api/admin/waitlist). Dates and times are local to the facility; instants are ISO.
 */

/** Wait for one facility's slot. */
export const WaitlistSlotBody = Type.Object(
  { facilityId: Id, date: DateText, startTime: TimeText, endTime: TimeText },
  { additionalProperties: false },
);
export type WaitlistSlotBody = Static<typeof WaitlistSlotBody>;

/** Wait for any court of a sport: `minutes` long, starting at `from` or later and ending by `to`, on each facility's clock. */
export const WaitlistWindowBody = Type.Object(
  {
    sport: oneOf(SPORTS),
    date: DateText,
    from: TimeText,
    to: TimeText,
    minutes: Type.Integer({ minimum: WAITLIST_MINUTES.min, maximum: WAITLIST_MINUTES.max, description: 'How long the booking wanted is' }),
  },
  { additionalProperties: false },
);
export type WaitlistWindowBody = Static<typeof WaitlistWindowBody>;

export const WaitlistBody = Type.Union([WaitlistSlotBody, WaitlistWindowBody]);
export type WaitlistBody = Static<typeof WaitlistBody>;

const FacilityRef = Type.Object({ id: Type.String(), name: Type.String() });

/** The held booking an entry was offered: pay for it through the usual checkout before `expiresAt`. */
export const WaitlistOfferDto = Type.Object({
  bookingId: Type.String(),
  expiresAt: Type.String({ description: 'When the offer lapses and passes to the next in line' }),
  facility: FacilityRef,
  date: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  amount: Type.Number({ description: "The offered booking's price, what checkout charges" }),
});
export type WaitlistOfferDto = Static<typeof WaitlistOfferDto>;

export const WaitlistEntryDto = Type.Object({
  id: Type.String(),
  kind: oneOf(WAITLIST_KINDS),
  status: oneOf(WAITLIST_STATUSES),
  position: Nullable(Type.Integer({ minimum: 1 }), 'Place in the queue while waiting (for a window, among those waiting on the same window); null otherwise'),
  sport: oneOf(SPORTS),
  facility: Nullable(FacilityRef, 'The facility of a slot entry; null for a window'),
  date: Type.String(),
  startTime: Type.String({ description: "A slot's start, or a window's earliest start (from)" }),
  endTime: Type.String({ description: "A slot's end, or a window's latest end (to)" }),
  minutes: Type.Integer({ description: 'Length of the booking wanted' }),
  joinedAt: Type.String(),
  offer: Nullable(WaitlistOfferDto),
});
export type WaitlistEntryDto = Static<typeof WaitlistEntryDto>;

/** One free slot, offered instead of a waitlist entry (409 SLOT_FREE). */
export const FreeSlotDto = Type.Object({
  facilityId: Type.String(),
  facilityName: Type.String(),
  date: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
});
export type FreeSlotDto = Static<typeof FreeSlotDto>;

/** A back-office row: the entry and its customer (staff only). */
export const WaitlistAdminEntryDto = Type.Intersect([
  WaitlistEntryDto,
  Type.Object({
    customer: Type.Object({ id: Type.String(), name: Type.String(), email: Type.String(), phone: Type.String() }),
    removedBy: Nullable(Type.String({ description: 'The staff member who removed it from the line' })),
  }),
]);
export type WaitlistAdminEntryDto = Static<typeof WaitlistAdminEntryDto>;

/** Who waits for time a desk booking would take (GET /api/admin/waitlist/at/:facilityId?date&startTime&endTime): named for the warning staff see. */
export const WaitingAtParams = Type.Object({ facilityId: Id });
export type WaitingAtParams = Static<typeof WaitingAtParams>;
export const WaitingAtQuery = Type.Object({ date: DateText, startTime: TimeText, endTime: TimeText });
export type WaitingAtQuery = Static<typeof WaitingAtQuery>;
export const WaitingCustomerDto = Type.Object({
  entryId: Type.String(),
  customer: Type.Object({ id: Type.String(), name: Type.String() }),
  joinedAt: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
});
export type WaitingCustomerDto = Static<typeof WaitingCustomerDto>;

/** A day-grid mark: how many entries wait for a time at a facility. */
export const DayViewWaiting = Type.Object({ startTime: Type.String(), endTime: Type.String(), count: Type.Integer({ minimum: 1 }) });
export type DayViewWaiting = Static<typeof DayViewWaiting>;
