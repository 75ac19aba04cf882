import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@courtside/domain';
import type { WebhookEndpointBody, WebhookEndpointUpdate } from '@courtside/contracts';

/** The form's values: the endpoint's fields, and (editing) whether it is switched off. */
export interface WebhookForm {
  url: string;
  description: string;
  events: WebhookEventType[];
  disabled?: boolean;
}

export const EMPTY_WEBHOOK: WebhookForm = { url: 'https://', description: '', events: [] };

/** The checkboxes, in the API's order, each with the words the domain gives it. */
export const EVENT_CHOICES = WEBHOOK_EVENT_TYPES.map((id) => ({ id, name: `${id}: ${WEBHOOK_EVENT_LABELS[id]}` }));

/**
 * What the form can tell before the server does (the server decides: it also refuses private
 * addresses, and http: unless the venue allows it).
 */
export function formErrors(values: Partial<WebhookForm>): Record<string, string> {
  const errors: Record<string, string> = {};
  const url = values.url?.trim() ?? '';
  if (!/^https?:\/\/[^/\s]+/i.test(url)) errors.url = 'A full address, like https://example.com/courtside-hooks';
  if (!values.events?.length) errors.events = 'Pick at least one event';
  return errors;
}

export const toCreateBody = (v: WebhookForm): WebhookEndpointBody => ({ url: v.url.trim(), description: v.description?.trim() ?? '', events: v.events });

/** Only the fields the endpoint may change (react-admin sends the whole record). */
export const toUpdateBody = (v: WebhookForm): WebhookEndpointUpdate => ({ ...toCreateBody(v), disabled: v.disabled === true });

export const eventCount = (events: readonly string[]) => (events.length === WEBHOOK_EVENT_TYPES.length ? 'All events' : `${events.length} event${events.length === 1 ? '' : 's'}`);
