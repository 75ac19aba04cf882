import { Type, type Static } from 'typebox';
import { REFUND_VIAS, WEBHOOK_EVENT_TYPES } from '@courtside/domain';
import { Nullable, Text, oneOf } from './primitives.ts';

/** Webhooks: the back office's endpoints and deliveries, and the events' payloads as receivers read them (README "Webhooks"). */

export const WebhookEventTypeSchema = oneOf(WEBHOOK_EVENT_TYPES, 'What happened');

/** What the endpoint is for: one line, or empty. */
const Description = Type.Union([Type.Literal(''), Text(200)]);

export const WebhookEndpointBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2000, description: 'https: only (http: and private or loopback addresses only with WEBHOOK_ALLOW_PRIVATE=1)' }),
    description: Type.Optional(Description),
    events: Type.Array(WebhookEventTypeSchema, { minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type WebhookEndpointBody = Static<typeof WebhookEndpointBody>;

export const WebhookEndpointUpdate = Type.Object(
  {
    url: Type.Optional(WebhookEndpointBody.properties.url),
    description: Type.Optional(Description),
    events: Type.Optional(WebhookEndpointBody.properties.events),
    disabled: Type.Optional(Type.Boolean({ description: 'true: no deliveries are sent (they wait); false: sent again' })),
  },
  { additionalProperties: false },
);
export type WebhookEndpointUpdate = Static<typeof WebhookEndpointUpdate>;

export const WebhookEndpointDto = Type.Object({
  id: Type.String(),
  url: Type.String(),
  description: Type.String(),
  events: Type.Array(WebhookEventTypeSchema),
  secret: Type.Optional(Type.String({ description: 'whsec_...: on the endpoint page only (GET one, create, roll), never in the list' })),
  disabled: Type.Boolean(),
  disabledAt: Nullable(Type.String()),
  previousSecretUntil: Nullable(Type.String({ description: 'After a roll: until when the previous secret still signs (a second v1)' })),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  pending: Type.Integer(),
  delivered: Type.Integer(),
  failed: Type.Integer(),
});
export type WebhookEndpointDto = Static<typeof WebhookEndpointDto>;

export const WebhookAttemptDto = Type.Object({
  at: Type.String(),
  status: Nullable(Type.Integer(), 'The HTTP status the receiver answered; null: no answer (timeout, refused connection)'),
  error: Nullable(Type.String()),
  durationMs: Type.Integer(),
});

export const RollSecretBody = Type.Object(
  { oldSecretHours: Type.Optional(Type.Integer({ minimum: 0, maximum: 72, description: 'How long the old secret keeps signing alongside the new one (default 24); 0 stops it at once' })) },
  { additionalProperties: false },
);
export type RollSecretBody = Static<typeof RollSecretBody>;

export const WebhookDeliveryDto = Type.Object({
  id: Type.String(),
  endpointId: Type.String(),
  eventId: Type.String(),
  type: WebhookEventTypeSchema,
  bookingId: Nullable(Type.String()),
  createdAt: Type.String({ description: "The event's time" }),
  state: oneOf(['pending', 'delivered', 'failed'] as const),
  attempts: Type.Integer(),
  lastStatus: Nullable(Type.Integer()),
  lastError: Nullable(Type.String()),
  nextAttemptAt: Nullable(Type.String({ description: 'While pending' })),
  deliveredAt: Nullable(Type.String()),
  giveUpAt: Type.String(),
  attemptLog: Type.Array(WebhookAttemptDto),
});
export type WebhookDeliveryDto = Static<typeof WebhookDeliveryDto>;

// ---- what receivers get ----

const Iso = Type.String({ description: 'ISO 8601 instant, UTC (…Z)' });

export const WebhookBookingPayload = Type.Object({
  id: Type.String(),
  reference: Type.String({ description: 'The 8-character reference the customer reads (first 8 hex digits of the id, capitals)' }),
  facility: Type.Object({ id: Type.String(), name: Type.String() }),
  date: Type.String({ description: "YYYY-MM-DD on the facility's clock" }),
  startTime: Type.String({ description: "HH:mm on the facility's clock" }),
  endTime: Type.String({ description: "HH:mm on the facility's clock" }),
  timeZone: Type.String({ description: "The facility's IANA time zone" }),
  startsAt: Iso,
  endsAt: Iso,
  status: Type.String({ description: 'confirmed, cancelled, ...' }),
  paymentStatus: Type.String(),
  attendance: oneOf(['pending', 'checked_in', 'no_show'] as const),
  checkedInAt: Nullable(Iso),
  bookedAtDesk: Type.Boolean(),
  amounts: Type.Object({
    payableCents: Type.Integer({ description: 'Its price' }),
    balanceCents: Type.Integer({ description: 'After a move to a slot at another price: + still to collect, - to give back' }),
  }),
});

export const WebhookBookingEventData = Type.Object({
  booking: WebhookBookingPayload,
  customer: Type.Object({ id: Type.String(), name: Type.String() }, { description: 'Never an email address, phone or access code' }),
  previous: Type.Optional(
    Type.Object(
      { facility: Type.Object({ id: Type.String(), name: Type.String() }), date: Type.String(), startTime: Type.String(), endTime: Type.String(), startsAt: Iso, endsAt: Iso },
      { description: 'booking.moved only: where and when it was before' },
    ),
  ),
  currency: Type.String({ description: 'ISO 4217: what every amount is in (CURRENCY)' }),
});

export const WebhookRefundEventData = Type.Object({
  refund: Type.Object({
    id: Type.String(),
    bookingId: Nullable(Type.String()),
    orderId: Type.String(),
    amountCents: Type.Integer(),
    via: oneOf(REFUND_VIAS, 'provider: back to the card; desk: cash handed back at the desk; wallet: returned to the customer\'s credit'),
    reason: Type.String(),
    refundedAt: Iso,
  }),
  currency: Type.String({ description: 'ISO 4217' }),
});

/** The body of every webhook POST (its exact bytes are what `Courtside-Signature` signs). */
export const WebhookEnvelope = Type.Object({
  id: Type.String({ description: 'The event id; also the Idempotency-Key and Courtside-Event-Id headers. A retry or resend carries the same id.' }),
  type: WebhookEventTypeSchema,
  createdAt: Iso,
  data: Type.Union([WebhookBookingEventData, WebhookRefundEventData]),
});
