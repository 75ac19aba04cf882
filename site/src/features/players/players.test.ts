import { describe, expect, it } from 'vitest';
import { displayDateTime } from '@courtside/domain';
import type { PlayerDto, SplitDto } from '@courtside/contracts';
import { aBooking } from '../../lib/test-bookings.ts';
import { RENEW_QUESTION, addBody, listsPlayers, mayGatherPlayers, placesText, playerTags, playersLabel, removable, removeQuestion, shareBadge, splitSummary, startsAt } from './players.ts';

const player = (over: Partial<PlayerDto> = {}): PlayerDto => ({ id: 'p1', name: 'Sam K.', userId: 'u2', role: 'player', you: false, share: null, ...over });
// 2026-11-21 10:00 in New York is 15:00 UTC.
const start = Date.parse('2026-11-21T15:00:00Z');

describe("the organizer's players panel", () => {
  it('counts the organizer among the players on its button', () => {
    expect(playersLabel({ count: 2, max: 4 })).toBe('Players (2/4)');
  });

  it('says how many places are left, or that it is full', () => {
    expect(placesText(2)).toBe('2 places left');
    expect(placesText(1)).toBe('1 place left');
    expect(placesText(0)).toBe('Full: no places left');
  });

  it('marks the organizer, the caller and a friend added by name; only the others can be removed', () => {
    const organizer = player({ role: 'organizer', you: true });
    expect(playerTags(organizer)).toEqual(['organizer', 'you']);
    expect(removable(organizer)).toBe(false);
    expect(playerTags(player())).toEqual([]);
    expect(playerTags(player({ userId: null, name: 'Grandpa Joe' }))).toEqual(['added by name']);
    expect(removable(player())).toBe(true);
  });

  it('asks before removing someone and before making a new link (which ends the old one)', () => {
    expect(removeQuestion(player()).title).toBe('Remove Sam K.?');
    expect(RENEW_QUESTION.message).toContain('current link stops working');
  });

  it('sends an address to invite or a name to add, trimmed', () => {
    expect(addBody('email', ' sam@example.com ')).toEqual({ email: 'sam@example.com' });
    expect(addBody('name', ' Grandpa Joe ')).toEqual({ name: 'Grandpa Joe' });
  });
});

describe('which bookings gather players', () => {
  it('reads the start on the facility clock', () => {
    expect(startsAt({ date: '2026-11-21', startTime: '10:00' }, 'America/New_York')).toBe(start);
  });

  it('a confirmed booking or a live hold, until it starts', () => {
    expect(mayGatherPlayers(aBooking(), start - 60_000)).toBe(true);
    expect(mayGatherPlayers(aBooking(), start)).toBe(false);
    const hold = aBooking({ status: 'pending', paymentStatus: 'unpaid', paidAmount: null, holdExpiresAt: '2026-11-21T14:00:00Z' });
    expect(mayGatherPlayers(hold, Date.parse('2026-11-21T13:50:00Z'))).toBe(true);
    // A hold that lapsed on the page's clock gathers no one.
    expect(mayGatherPlayers(hold, Date.parse('2026-11-21T14:01:00Z'))).toBe(false);
  });

  it('not a cancelled or expired one', () => {
    expect(mayGatherPlayers(aBooking({ status: 'cancelled' }), start - 60_000)).toBe(false);
    expect(mayGatherPlayers(aBooking({ status: 'expired', paymentStatus: 'unpaid' }), start - 60_000)).toBe(false);
  });
});

describe('a split booking in the panel', () => {
  // The visitor's own zone: the due time then carries no "(… time)" label.
  const here = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const split = (over: Partial<SplitDto> = {}): SplitDto => ({
    shares: 4, shareAmount: 10, organizerShare: 10.01, paid: 2, open: 2, openAmount: 20, coveredAmount: 0, owedAmount: 0, dueAt: '2026-11-20T15:00:00Z', ...over,
  });
  const dueText = displayDateTime(Date.parse('2026-11-20T15:00:00Z'), here, 'en-US');

  it('says how many shares are paid, what is unpaid and when the organizer\'s card is charged for it', () => {
    const { summary, owed } = splitSummary(split(), { timeZone: here, cancelled: false });
    expect(summary).toBe(`Split 4 ways: 2 of 4 shares paid. $20.00 unpaid, charged to your card on ${dueText}.`);
    expect(owed).toBeNull();
  });

  it('once everyone paid, only the count', () => {
    expect(splitSummary(split({ paid: 4, open: 0, openAmount: 0 }), { timeZone: here, cancelled: false }).summary).toBe('Split 4 ways: 4 of 4 shares paid.');
  });

  it('what the card covered, and what is owed after a declined charge', () => {
    const covered = splitSummary(split({ open: 0, openAmount: 0, coveredAmount: 20 }), { timeZone: here, cancelled: false });
    expect(covered.summary).toBe('Split 4 ways: 2 of 4 shares paid. $20.00 of unpaid shares was charged to your card.');
    const declined = splitSummary(split({ open: 0, openAmount: 0, owedAmount: 20 }), { timeZone: here, cancelled: false });
    expect(declined.owed).toBe('Your card was declined: you owe $20.00; please pay at the desk.');
  });

  it('a cancelled booking promises no charge: every share paid went back', () => {
    expect(splitSummary(split(), { timeZone: here, cancelled: true })).toEqual({ summary: 'Split 4 ways. The booking was cancelled: every share paid went back to whoever paid it.', owed: null });
  });

  it("names each share's status with its amount, in the organizer's words", () => {
    expect(shareBadge({ amount: 10.01, status: 'paid' })).toEqual({ label: 'Paid $10.01', tone: 'ok' });
    expect(shareBadge({ amount: 10, status: 'open' }).label).toBe('Unpaid $10.00');
    expect(shareBadge({ amount: 10, status: 'covered' }).label).toBe('Covered by you $10.00');
    expect(shareBadge({ amount: 10, status: 'owed' }).label).toBe('Owed $10.00');
    expect(shareBadge({ amount: 10, status: 'refunded' }).label).toBe('Refunded $10.00');
  });

  it('stays listed after the booking is cancelled or played when it was paid at a facility for several', () => {
    expect(listsPlayers(aBooking({ status: 'cancelled', paymentStatus: 'refunded' }), start - 60_000)).toBe(true);
    expect(listsPlayers(aBooking(), start + 60_000)).toBe(true);
    expect(listsPlayers(aBooking({ players: { count: 1, max: 1 } }), start + 60_000)).toBe(false);
    expect(listsPlayers(aBooking({ status: 'expired', paymentStatus: 'unpaid', paidAmount: null }), start - 60_000)).toBe(false);
  });
});
