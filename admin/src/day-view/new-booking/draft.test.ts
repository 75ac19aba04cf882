import { describe, expect, it } from 'vitest';
import { deskBookingBody, missing, newDraft, previewRequest, quoteRequest, seriesBody, weeklyFrom, type BookingDraft } from './draft.ts';

const at = { facilityId: 'f1', date: '2027-03-02', startTime: '10:00', endTime: '11:00' };
const casey = { id: 'u1', name: 'Casey', email: 'casey@example.com', phone: '555-0100' };
const walkIn = (guest: Partial<BookingDraft['guest']>): BookingDraft => ({ ...newDraft(at), who: 'walk-in', guest: { name: '', phone: '', email: '', ...guest } });

describe('the new-booking draft', () => {
  it('asks for what is missing, in the order the dialog asks', () => {
    expect(missing(newDraft({ ...at, facilityId: '' }))).toBe('Choose a facility.');
    expect(missing(newDraft({ ...at, endTime: '' }))).toBe('Choose the date and times.');
    expect(missing(newDraft(at))).toBe('Find the customer, or choose Walk-in.');
    expect(missing(walkIn({ name: '  ' }))).toBe("Enter the walk-in's name.");
    expect(missing(walkIn({ name: 'Wanda', email: 'wanda@' }))).toBe('The email address does not look right.');
    expect(missing(walkIn({ name: 'Wanda' }))).toBeUndefined();
    expect(missing({ ...newDraft(at, true), customer: casey, payment: 'link' })).toBe('A weekly series is paid at the desk or later, not by link.');
    expect(missing({ ...newDraft(at, true), customer: casey, repeat: { ...weeklyFrom(at.date), count: 0 } })).toBe('Repeat between 1 and 104 times.');
    expect(missing({ ...newDraft(at, true), customer: casey, repeat: { ...weeklyFrom(at.date), ends: 'until', until: '2027-03-01' } })).toBe('The last date must be on or after the first.');
  });

  it('sends a customer by id, a walk-in by name with only the details given, and a note only when written', () => {
    expect(deskBookingBody({ ...newDraft(at), customer: casey, payment: 'unpaid' })).toEqual({ ...at, userId: 'u1', payment: 'unpaid' });
    expect(deskBookingBody({ ...walkIn({ name: ' Wanda ', phone: '555 0199' }), note: ' Racket hire ' })).toEqual({ ...at, guest: { name: 'Wanda', phone: '555 0199' }, payment: 'desk', paymentMethod: 'cash', note: 'Racket hire' });
  });

  it('says how the desk was paid only for a payment taken at the desk now (cash unless staff pick card)', () => {
    expect(newDraft(at).paymentMethod).toBe('cash');
    expect(deskBookingBody({ ...newDraft(at), customer: casey, paymentMethod: 'card' })).toMatchObject({ payment: 'desk', paymentMethod: 'card' });
    expect(deskBookingBody({ ...newDraft(at), customer: casey, payment: 'link', paymentMethod: 'card' })).not.toHaveProperty('paymentMethod');
    expect(seriesBody({ ...newDraft(at, true), customer: casey, payment: 'unpaid' }, weeklyFrom(at.date))).not.toHaveProperty('paymentMethod');
  });

  it('makes a series of count or until dates, and previews it before a customer is chosen', () => {
    const series = { ...newDraft(at, true), customer: casey };
    expect(seriesBody(series, series.repeat!)).toEqual({ facilityId: 'f1', firstDate: '2027-03-02', startTime: '10:00', endTime: '11:00', every: 1, count: 6, onConflict: 'skip', userId: 'u1', payment: 'desk', paymentMethod: 'cash' });
    const until = { ...series.repeat!, ends: 'until' as const, until: '2027-04-27', every: 2 as const, onConflict: 'fail' as const };
    expect(seriesBody(series, until)).toMatchObject({ every: 2, until: '2027-04-27', onConflict: 'fail' });
    expect(seriesBody(series, until)).not.toHaveProperty('count');
    expect(previewRequest(newDraft(at, true))).toEqual({ facilityId: 'f1', firstDate: '2027-03-02', startTime: '10:00', endTime: '11:00', every: 1, count: 6, onConflict: 'skip', payment: 'unpaid' });
    expect(previewRequest(newDraft(at))).toBeUndefined();
    expect(previewRequest({ ...newDraft(at, true), repeat: { ...weeklyFrom(at.date), count: 200 } })).toBeUndefined();
  });

  it("asks the server's price for the customer picked: the series preview and the one-booking quote name them, a walk-in pays the public price", () => {
    expect(previewRequest({ ...newDraft(at, true), customer: casey })).toMatchObject({ userId: 'u1' });
    expect(quoteRequest({ ...newDraft(at), customer: casey })).toEqual({ ...at, userId: 'u1' });
    expect(quoteRequest(newDraft(at))).toEqual(at);
    expect(quoteRequest({ ...walkIn({ name: 'Wanda' }), customer: casey })).toEqual(at);
    expect(quoteRequest(newDraft({ ...at, endTime: '' }))).toBeUndefined();
    // A series is priced by its preview, date by date.
    expect(quoteRequest(newDraft(at, true))).toBeUndefined();
  });
});
