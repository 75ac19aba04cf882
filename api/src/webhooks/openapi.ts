import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '@courtside/domain';
import { WebhookBookingEventData, WebhookEnvelope, WebhookRefundEventData } from '@courtside/contracts';
import { SIGNATURE_HEADER, SIGNATURE_TOLERANCE_SECONDS } from './signing.ts';

/**
 * What the OpenAPI document says about the webhooks Courtside sends (plugins/swagger.ts): the
 * payload schemas under components, one `x-webhooks` entry per event type (OpenAPI 3.0 has no
 * `webhooks`; 3.1 tools read this convention), and a `webhooks` tag with the rules.
 */

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

export const WEBHOOK_SCHEMAS = {
  WebhookEnvelope: { ...WebhookEnvelope, properties: { ...WebhookEnvelope.properties, data: { oneOf: [ref('WebhookBookingEventData'), ref('WebhookRefundEventData')] } } },
  WebhookBookingEventData,
  WebhookRefundEventData,
};

export const WEBHOOKS_TAG = {
  name: 'webhooks',
  description:
    'Courtside POSTs JSON `{ id, type, createdAt, data }` to each endpoint staff add in the back office (Webhooks), for the events it picked. ' +
    `Headers: \`${SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's whsec_ secret>\`, ` +
    '`Idempotency-Key` and `Courtside-Event-Id` (the event id; the same on every retry and resend), `Courtside-Event-Type`, `Content-Type: application/json`. ' +
    `Verify the signature over the raw bytes and refuse a t more than ${SIGNATURE_TOLERANCE_SECONDS} s from your clock. ` +
    'Answer 2xx within 10 s (WEBHOOK_TIMEOUT_SECONDS); anything else is retried after 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, then every 4 h, until 24 h after the event, then marked failed (staff can resend). ' +
    "A booking's events reach an endpoint in the order they happened: a later one waits while an earlier one is being retried. " +
    'Delivery is at least once: dedupe by the event id. data never holds a customer email, phone or access code. Amounts are integer cents of data.currency. README "Webhooks" has a verification snippet.',
};

export const X_WEBHOOKS = Object.fromEntries(
  WEBHOOK_EVENT_TYPES.map((type) => [
    type,
    {
      post: {
        tags: ['webhooks'],
        summary: WEBHOOK_EVENT_LABELS[type],
        parameters: [
          { in: 'header', name: SIGNATURE_HEADER, required: true, schema: { type: 'string', example: 't=1767225600,v1=5f2b…' } },
          { in: 'header', name: 'Idempotency-Key', required: true, schema: { type: 'string', format: 'uuid' } },
          { in: 'header', name: 'Courtside-Event-Id', required: true, schema: { type: 'string', format: 'uuid' } },
          { in: 'header', name: 'Courtside-Event-Type', required: true, schema: { type: 'string', enum: [type] } },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                allOf: [ref('WebhookEnvelope'), { type: 'object', properties: { type: { type: 'string', enum: [type] }, data: ref(type === 'payment.refunded' ? 'WebhookRefundEventData' : 'WebhookBookingEventData') } }],
              },
            },
          },
        },
        responses: { '2XX': { description: 'Received; anything else (or no answer in 10 s) is retried' } },
      },
    },
  ]),
);
