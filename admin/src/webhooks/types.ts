import type { WebhookDeliveryDto, WebhookEndpointDto } from '@courtside/contracts';

/** A webhook endpoint as the back office lists it (its `id` is react-admin's key already). */
export type WebhookRecord = WebhookEndpointDto;
export type WebhookDeliveryRecord = WebhookDeliveryDto;
