/** The answers the sequences must reach, not only the happy path. */
export function coverage(outcomes: Record<string, number>): Record<string, boolean> {
  const seen = (prefix: string) => Object.entries(outcomes).some(([k, n]) => k.startsWith(prefix) && n > 0);
  return {
    'a booking made': seen('book 201'),
    'a booking or move refused (409)': seen('book 409') || seen('move 409'),
    'a checkout opened': seen('checkout 201'),
    'a booking cancelled': seen('cancel 200') || seen('free 200') || seen('decline 200'),
    // The facility rules: a quota refused something (a changeover is part of play and keeps no booking out).
    'a quota reached (409 QUOTA_REACHED)': seen('book 409 QUOTA_REACHED') || seen('move 409 QUOTA_REACHED'),
    // The waitlist: joined, refused as free, an offer handed over, time kept from another (WAITLISTED), left.
    'a waitlist joined': seen('join 201'),
    'a free slot refused (409 SLOT_FREE)': seen('join 409 SLOT_FREE'),
    'a waitlist offer made': seen('waitlist offer'),
    'a booking refused for the waitlist (409 WAITLISTED)': seen('book 409 WAITLISTED') || seen('snatch 409 WAITLISTED') || seen('move 409 WAITLISTED'),
    'a waitlist left': seen('leave 200'),
    // Players: joined by the link, a full booking refused, a player left.
    'a player joined': seen('play 200'),
    'a booking full (409 BOOKING_FULL)': seen('friend 409 BOOKING_FULL') || seen('play 409 BOOKING_FULL'),
    'a player left': seen('quit 200'),
    // Split payment: the organizer's share paid, a player's share paid and refused a second time,
    // a share refunded when its player left, a split booking cancelled with its shares refunded to their payers.
    'a split order paid': seen('split order paid'),
    'a share paid': seen('share 303 /payment/success'),
    'a share refused twice (409 SHARE_ALREADY_PAID)': seen('share 409 SHARE_ALREADY_PAID'),
    'a share refunded on leaving': seen('share refunded on leaving'),
    'a split booking cancelled with refunds': seen('split booking cancelled, shares refunded to their payers'),
    // Linked courts: the pitch and a half never both hold the same time; its two halves may.
    'a booking refused for a linked court': seen('booking refused for a linked court'),
    'two parts of one parent booked for the same time': seen('two parts of one parent booked for the same time'),
    // The wallet: topped up at the desk, an order paid with credit alone and one partly, credit back by a refund and by a closed checkout.
    'a desk top-up': seen('top-up 200'),
    'an order paid with credit alone': seen('order paid with credit alone'),
    'an order paid partly with credit': seen('order paid partly with credit'),
    'credit refunded to the wallet': seen('credit refunded to the wallet'),
    'reserved credit returned': seen('reserved credit returned'),
  };
}
