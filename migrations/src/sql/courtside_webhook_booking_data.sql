-- What a booking event says about its booking (README "Webhooks"): enough for a light
-- controller (facility and times, local and ISO) and an accounting tool (amounts in cents).
-- Never its access code or the customer's email or phone.
CREATE OR REPLACE FUNCTION courtside_webhook_booking_data(booking uuid) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'booking', jsonb_build_object(
      'id', b.id,
      'reference', upper(left(replace(b.id::text, '-', ''), 8)),
      'facility', jsonb_build_object('id', f.id, 'name', f.name),
      'date', to_char(b.starts_local, 'YYYY-MM-DD'),
      'startTime', to_char(b.starts_local, 'HH24:MI'),
      'endTime', to_char(b.ends_local, 'HH24:MI'),
      'timeZone', f.timezone,
      'startsAt', to_char(b.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
      'endsAt', to_char(b.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
      'status', b.status,
      'paymentStatus', b.payment_status,
      'attendance', b.attendance,
      'checkedInAt', to_char(b.checked_in_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
      'bookedAtDesk', b.booked_by IS NOT NULL,
      -- Its price and what a move left to settle. Not what was paid or refunded so far: the
      -- payment is recorded after the booking's confirmation in the same transaction, so that
      -- would read 0; paymentStatus says it, and payment.refunded carries each refund's amount.
      'amounts', jsonb_build_object(
        'payableCents', b.payable_cents,
        'balanceCents', b.balance_cents)),
    'customer', jsonb_build_object('id', u.id, 'name', u.name))
  FROM bookings b
  JOIN facilities f ON f.id = b.facility_id
  JOIN users u ON u.id = b.user_id
  WHERE b.id = booking
$$;
