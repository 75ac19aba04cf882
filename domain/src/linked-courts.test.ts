import { describe, expect, it } from 'vitest';
import { hasParts, linkConflict, linkRefusal, linkedCause, linkedClosedMessage, linkedTakenMessage, parentChoices, type LinkNode } from './linked-courts.ts';

const pitch: LinkNode = { id: 'pitch', name: 'Meadow Lane Pitch', parentId: null };
const halfA: LinkNode = { id: 'a', name: 'Half A', parentId: 'pitch' };
const halfB: LinkNode = { id: 'b', name: 'Half B', parentId: 'pitch' };
const court: LinkNode = { id: 'court', name: 'Tennis Court', parentId: null };
const gone: LinkNode = { id: 'gone', name: 'Old Hall', parentId: null, isDeleted: true };
const all = [pitch, halfA, halfB, court, gone];

describe('linked courts', () => {
  it('a facility may be part of a live facility that is part of nothing', () => {
    expect(linkRefusal('court', 'pitch', all)).toBeNull();
    expect(linkRefusal(null, 'pitch', all)).toBeNull();
    expect(linkRefusal('a', 'pitch', all)).toBeNull();
  });

  it('one level only: never itself, never a part, never a parent into another', () => {
    expect(linkRefusal('court', 'court', all)).toBe('A facility cannot be part of itself.');
    expect(linkRefusal('court', 'a', all)).toBe('Half A is itself part of another facility: parts have no parts.');
    expect(linkRefusal('pitch', 'court', all)).toBe('It has parts of its own (Half A, Half B): a parent is part of nothing.');
    expect(linkRefusal('court', 'gone', all)).toBe('The facility to be part of does not exist.');
    expect(linkRefusal('court', 'nowhere', all)).toBe('The facility to be part of does not exist.');
  });

  it('a deleted part does not make its parent a parent', () => {
    const withDeletedPart = [court, { ...halfA, parentId: 'court', isDeleted: true }, pitch];
    expect(linkRefusal('court', 'pitch', withDeletedPart)).toBeNull();
  });

  it('the choices of a parent are what linkRefusal allows', () => {
    expect(parentChoices('court', all).map((f) => f.id)).toEqual(['pitch']);
    expect(parentChoices(null, all).map((f) => f.id)).toEqual(['pitch', 'court']);
    expect(parentChoices('pitch', all)).toEqual([]);
    expect(parentChoices('a', all).map((f) => f.id)).toEqual(['pitch', 'court']);
  });

  it('says which linked facility holds the time', () => {
    expect(linkedTakenMessage('Half A')).toBe('Half A is booked then. Please choose another time.');
    expect(linkedClosedMessage('Meadow Lane Pitch')).toBe('Meadow Lane Pitch is closed then. Please choose another time.');
    expect(linkedCause('booking', 'Half A')).toBe('Half A booked');
    expect(linkedCause('closure', 'Meadow Lane Pitch')).toBe('Meadow Lane Pitch closed');
  });

  it('refusals carry their codes and the conflicts', () => {
    const conflict = { facilityId: 'court', facilityName: 'Tennis Court', date: '2027-03-06', startTime: '10:00', endTime: '11:00', reason: 'Meadow Lane Pitch booked 10:00-11:00' };
    const one = linkConflict('Meadow Lane Pitch', [conflict]);
    expect([one.code, one.kind, one.path, one.conflicts]).toEqual(['LINK_CONFLICT', 'conflict', 'parentId', [conflict]]);
    expect(one.message).toBe('It cannot be part of Meadow Lane Pitch while this booking overlaps time taken there. Move or cancel it first.');
    expect(linkConflict('X', [conflict, conflict]).message).toContain('these 2 bookings overlap');
    expect([hasParts(['Half A', 'Half B']).code, hasParts(['Half A', 'Half B']).message]).toEqual([
      'HAS_PARTS',
      'It has parts (Half A, Half B): move them to another facility or delete them first.',
    ]);
  });
});
