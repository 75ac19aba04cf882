import { describe, expect, it } from 'vitest';
import { EVENT_CHOICES, eventCount, formErrors, toUpdateBody } from './webhook-form.ts';

describe('webhook form', () => {
  it('asks for a full address and at least one event', () => {
    expect(formErrors({ url: 'https://', events: [] })).toEqual({ url: expect.any(String), events: 'Pick at least one event' });
    expect(formErrors({ url: 'https://hooks.example.com/x', events: ['booking.confirmed'] })).toEqual({});
  });

  it('sends only what an endpoint may change', () => {
    const record = { id: 'x', secret: 'whsec_1', url: ' https://a.example/h ', description: 'Door', events: ['booking.moved' as const], disabled: true, pending: 3 };
    expect(toUpdateBody(record)).toEqual({ url: 'https://a.example/h', description: 'Door', events: ['booking.moved'], disabled: true });
  });

  it('labels every event and counts them', () => {
    expect(EVENT_CHOICES).toHaveLength(6);
    expect(EVENT_CHOICES[0]!.name).toMatch(/^booking\.confirmed: /);
    expect(eventCount(EVENT_CHOICES.map((c) => c.id))).toBe('All events');
    expect(eventCount(['booking.moved'])).toBe('1 event');
  });
});
