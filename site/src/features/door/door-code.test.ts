import { afterEach, describe, expect, it } from 'vitest';
import { setMoneyFormat } from '@courtside/browser';
import { DEFAULT_MONEY_FORMAT } from '@courtside/domain';
import { doorView, spacedCode, svgImageSrc, type DoorBooking } from './door-code.ts';

// 18:00-19:00 in New York on 3 March 2027 (UTC-5); the code opens 15 minutes before.
const booking = (over: Partial<DoorBooking> = {}): DoorBooking => ({
  status: 'confirmed',
  date: '2027-03-03',
  endTime: '19:00',
  accessCode: '042917',
  accessOpensAt: '2027-03-03T22:45:00.000Z',
  facility: { timezone: 'America/New_York' },
  ...over,
});

describe('the door code in My bookings', () => {
  afterEach(() => setMoneyFormat(DEFAULT_MONEY_FORMAT));

  it('shows the code and when it opens the gate, on the facility clock in the venue locale', () => {
    expect(doorView(booking(), true, 'America/New_York')).toEqual({ kind: 'code', code: '042917', window: 'Opens the gate from 5:45 PM until 7:00 PM' });
    setMoneyFormat({ currency: 'EUR', locale: 'en-GB' });
    expect(doorView(booking(), true, 'America/New_York')).toMatchObject({ window: 'Opens the gate from 17:45 until 19:00' });
  });

  it("names the facility's zone when the visitor's clock reads differently", () => {
    expect(doorView(booking(), true, 'Europe/London')).toMatchObject({ window: 'Opens the gate from 5:45 PM until 7:00 PM (New York time)' });
  });

  it('says a confirmed booking further ahead will show its code the day before', () => {
    expect(doorView(booking({ accessCode: null, accessOpensAt: null }), true)).toEqual({ kind: 'later', text: 'Your door code appears here the day before.' });
  });

  it('shows nothing for a hold, a cancelled booking or one that has taken place', () => {
    expect(doorView(booking({ status: 'pending', accessCode: null, accessOpensAt: null }), true)).toBeNull();
    expect(doorView(booking({ status: 'cancelled', accessCode: null, accessOpensAt: null }), true)).toBeNull();
    expect(doorView(booking({ accessCode: null, accessOpensAt: null }), false)).toBeNull();
  });

  it('groups the digits for reading, leading zero kept, and makes an image address of the QR', () => {
    expect(spacedCode('042917')).toBe('042 917');
    expect(svgImageSrc('<svg a="1"></svg>')).toBe('data:image/svg+xml;charset=utf-8,%3Csvg%20a%3D%221%22%3E%3C%2Fsvg%3E');
  });
});
