import { describe, expect, it } from 'vitest';
import { isWebhookEventType, nextWebhookAttempt, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from './webhooks.ts';

describe('webhook retries', () => {
  const start = new Date('2027-03-01T12:00:00Z');
  const giveUp = new Date(start.getTime() + 24 * 3_600_000);
  const after = (attempts: number, at = start) => (nextWebhookAttempt(attempts, at, giveUp)!.getTime() - at.getTime()) / 1000;

  it('backs off 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, then every 4 h', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => after(n))).toEqual([30, 120, 600, 1800, 3600, 7200, 14_400, 14_400, 14_400]);
  });

  it('tries last at the give-up time, and not after it', () => {
    const late = new Date(giveUp.getTime() - 60_000);
    expect(nextWebhookAttempt(8, late, giveUp)).toEqual(giveUp);
    expect(nextWebhookAttempt(9, giveUp, giveUp)).toBeNull();
    expect(nextWebhookAttempt(9, new Date(giveUp.getTime() + 1), giveUp)).toBeNull();
  });

  it('knows its six event types, each labelled', () => {
    expect(WEBHOOK_EVENT_TYPES).toHaveLength(6);
    for (const t of WEBHOOK_EVENT_TYPES) expect(WEBHOOK_EVENT_LABELS[t]).toMatch(/\w/);
    expect(isWebhookEventType('booking.moved')).toBe(true);
    expect(isWebhookEventType('booking.deleted')).toBe(false);
  });
});
