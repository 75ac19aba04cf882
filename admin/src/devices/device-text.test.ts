import { describe, expect, it } from 'vitest';
import { deviceState, facilitiesText, toDeviceBody } from './device-text.ts';

describe('door devices in the back office', () => {
  it('no facility picked is every facility', () => {
    expect(toDeviceBody({ name: ' Gate ', facilityIds: [] })).toEqual({ name: 'Gate', facilityIds: null });
    expect(toDeviceBody({ name: 'Gate', facilityIds: undefined })).toEqual({ name: 'Gate', facilityIds: null });
    expect(toDeviceBody({ name: 'Gate', facilityIds: ['a'] })).toEqual({ name: 'Gate', facilityIds: ['a'] });
  });

  it('names the facilities a device opens', () => {
    const names = new Map([['a', 'Court 1'], ['b', 'Court 2']]);
    expect(facilitiesText({ facilityIds: null }, names)).toBe('All facilities');
    expect(facilitiesText({ facilityIds: ['a', 'b'] }, names)).toBe('Court 1, Court 2');
    expect(facilitiesText({ facilityIds: ['x'] }, names)).toBe('a removed facility');
  });

  it('says whether a device is revoked, unused or active', () => {
    expect(deviceState({ revokedAt: '2027-01-01T00:00:00Z', lastSeenAt: null })).toBe('revoked');
    expect(deviceState({ revokedAt: null, lastSeenAt: null })).toBe('unused');
    expect(deviceState({ revokedAt: null, lastSeenAt: '2027-01-01T00:00:00Z' })).toBe('active');
  });
});
