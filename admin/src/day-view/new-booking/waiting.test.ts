import { describe, expect, it } from 'vitest';
import { newDraft, weeklyFrom } from './draft.ts';
import { waitingRequest } from './waiting.ts';

describe('who waits for the slot being booked', () => {
  const at = { facilityId: 'f1', date: '2026-12-01', startTime: '10:00', endTime: '11:00' };

  it('is asked once the facility, date and both times are chosen', () => {
    expect(waitingRequest(newDraft(at))).toEqual(at);
    expect(waitingRequest(newDraft({ ...at, endTime: '' }))).toBeUndefined();
    expect(waitingRequest(newDraft({ ...at, facilityId: '' }))).toBeUndefined();
  });

  it('is not asked for a weekly series (the warning is about one booking)', () => {
    expect(waitingRequest({ ...newDraft(at), repeat: weeklyFrom(at.date) })).toBeUndefined();
  });
});
