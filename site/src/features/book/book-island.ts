import type { BookingDto, SlotDto } from '@courtside/contracts';
import { TIMEOUT_MESSAGE, customerReason, failureCode, getToken, getUser } from '@courtside/browser';
import { api } from '../../lib/api.ts';
import { GONE, goneHtml, ownBookingOf, refusedHtml } from './book-step.ts';
import type { SlotChoice } from './choice.ts';

/** Where a held slot is paid for, and more slots can be added. */
export const CHECKOUT_PATH = '/dashboard/checkoutForPayment';
const MY_BOOKINGS_PATH = '/dashboard/userBookings';
const TIMEOUT_MS = 15_000;

/** Whether the customer holds (or has booked) this very slot already: a reload or a second tap is not "taken". */
async function alreadyTheirs(choice: SlotChoice): Promise<'held' | 'booked' | null> {
  const user = getUser();
  if (!user) return null;
  try {
    const { data } = await api<BookingDto[]>(`/api/bookings/user/${encodeURIComponent(user._id)}`, { timeoutMs: TIMEOUT_MS });
    return ownBookingOf(data, choice);
  } catch {
    return null;
  }
}

/**
 * Signed in, on a slot the server rendered as free: hold it (POST /api/bookings; the server
 * prices it and checks every rule) and go on to checkout. Taken in the meantime: say so and offer
 * the nearest free times that day, read fresh. Signed out there is nothing to do: the page's
 * inline script has already gone to the login page.
 */
export async function initBookStep(root: HTMLElement): Promise<void> {
  const status = root.querySelector<HTMLElement>('#book-status');
  const data = root.dataset;
  if (!status || data.state !== 'free' || !getToken()) return;
  const choice: SlotChoice = { facility: data.facility!, date: data.date!, start: data.start!, end: data.end! };
  const facility = { _id: choice.facility, name: data.name ?? '' };
  const links = { find: data.find ?? '/find', facility: data.facilityPage ?? '/facilities-list' };

  try {
    await api<BookingDto>('/api/bookings', {
      method: 'POST',
      body: { facility: choice.facility, date: choice.date, startTime: choice.start, endTime: choice.end },
      timeoutMs: TIMEOUT_MS,
    });
    location.replace(CHECKOUT_PATH);
    return;
  } catch (err) {
    const code = failureCode(err);
    // The session ended: the API client is already on its way to the login page (and back here).
    if (code === 'UNAUTHENTICATED') return;
    if (code && GONE.has(code)) {
      const theirs = await alreadyTheirs(choice);
      if (theirs) return location.replace(theirs === 'held' ? CHECKOUT_PATH : MY_BOOKINGS_PATH);
      const params = new URLSearchParams({ date: choice.date, facility: choice.facility });
      const slots = await api<SlotDto[]>(`/api/check-availability?${params.toString()}`, { timeoutMs: TIMEOUT_MS })
        .then((res) => res.data)
        .catch(() => null);
      status.innerHTML = `<div class="card book-panel">${goneHtml(facility, choice, slots, links)}</div>`;
      return;
    }
    const reason = code === 'TIMEOUT' ? TIMEOUT_MESSAGE : (customerReason(err) ?? 'Please try again.');
    // Only a request that got no answer can go through the same way again; a quota or the hold limit cannot.
    const retry = code === 'TIMEOUT' || code === 'UNREACHABLE' ? location.pathname + location.search : undefined;
    status.innerHTML = refusedHtml(reason, { ...links, myBookings: MY_BOOKINGS_PATH }, retry);
  }
}
