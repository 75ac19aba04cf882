import { fetchUtils, type DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import type { DeskPaymentMethod, Role } from '@courtside/domain';
import type {
  AdminUserDto,
  BookingDto,
  CashUpBody,
  CashUpDto,
  DeskQuoteBody,
  DeskQuoteDto,
  DeskRefundDto,
  DeskRefundsQuery,
  EmailDto,
  ListRecord,
  MarkPaidBody,
  PaymentDto,
  RoleBody,
  SeriesBody,
  SeriesDto,
  SeriesPreviewDto,
  SettleBalanceBody,
  UserDto,
  RollSecretBody,
  WebhookDeliveryDto,
  WebhookEndpointDto,
} from '@courtside/contracts';
import type { StaffInviteBody } from './users/invite.ts';
import { clearSession, getToken } from './session.ts';
import { errorCode } from './common/errors.ts';
import type { DashboardStats, DayView } from './types.ts';

export interface ApiOptions extends fetchUtils.Options {
  /** Whose token to send: the session's (the default), a given one (signing out), or none (signing in). */
  token?: string | null;
}

/** The API's answer to a call with a token it no longer accepts (expired, revoked, signed out elsewhere). */
export const sessionEnded = (error: unknown) => errorCode(error) === 'UNAUTHENTICATED';

/**
 * Every back-office call to the API goes through here: JSON in and out, the bearer token added,
 * and errors that keep the API's envelope (`body`) and message. When the API no longer accepts
 * the session's token the session is cleared here, once for every caller, so the next check
 * (react-admin's checkAuth) sends the user to sign in.
 */
export async function httpClient(url: string, { token: given, ...options }: ApiOptions = {}) {
  const ownSession = given === undefined;
  const token = ownSession ? getToken() : given;
  // fetchJson marks a body as JSON unless it is FormData (a photo upload sends its own multipart type).
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers, user: token ? { authenticated: true, token: `Bearer ${token}` } : undefined });
  } catch (error) {
    if (ownSession && token && sessionEnded(error)) clearSession();
    throw error;
  }
}

const rest = simpleRestProvider('/api/admin', httpClient);

interface Envelope<T> {
  message: string;
  data: T;
}

export interface CourtsideDataProvider extends DataProvider {
  getDayView(date: string): Promise<DayView>;
  getStats(): Promise<DashboardStats>;
  /** Gives a user one of the four roles (owners only); resolves with the server's message, rejects with its reason (409 LAST_OWNER, SELF). */
  setRole(id: string, role: Role): Promise<string>;
  /** Invites a staff member (owners only): an account of that role, emailed a link to set its password; rejects with the server's reason (409 EMAIL_TAKEN). */
  inviteStaff(body: StaffInviteBody): Promise<AdminUserDto>;
  /** Refunds what is left of an order's payment; rejects with the server's reason (409 when not refundable). */
  refundPayment(id: string): Promise<PaymentDto>;
  /** Marks a flagged order resolved; rejects with the server's reason (409 when not flagged or resolved already). */
  resolvePaymentFlag(id: string): Promise<PaymentDto>;
  /** Desk money still to hand back: all, one booking's, or that of bookings on a local day. */
  getDeskRefunds(filter: DeskRefundsQuery): Promise<DeskRefundDto[]>;
  /** Records that the caller handed a desk refund back at the desk; rejects with the server's reason (409 NOT_TO_COLLECT when done already). */
  refundHandedBack(refundId: string): Promise<PaymentDto>;
  /** Queues a failed email again, due now; rejects with the server's reason (409 when it did not fail). */
  retryEmail(id: string): Promise<EmailDto>;
  /** Replaces a webhook endpoint's signing secret, the old one signing alongside for `oldSecretHours` (0: stops at once). */
  rollWebhookSecret(id: string, oldSecretHours: number): Promise<WebhookEndpointDto>;
  /** Sends a webhook delivery again now, with a fresh day of retries. */
  resendWebhookDelivery(id: string): Promise<WebhookDeliveryDto>;
  /** Records that a confirmed, unpaid booking was paid at the desk; rejects with the server's reason (409 ALREADY_PAID...). */
  markPaid(id: string, paymentMethod: DeskPaymentMethod): Promise<ListRecord<BookingDto>>;
  /** What booking this weekly series would do now, date by date, at its customer's prices (writes nothing). */
  previewSeries(body: SeriesBody): Promise<SeriesPreviewDto>;
  /** What a desk booking would cost its customer, as the server will record it (writes nothing). */
  quoteDeskBooking(body: DeskQuoteBody): Promise<DeskQuoteDto>;
  /** Settles the balance a move left on a paid booking: collected at the desk, or given back (provider or desk). */
  settleBalance(id: string, body: SettleBalanceBody): Promise<ListRecord<BookingDto>>;
  /** Without a date: today in the venue's zone, as the server reckons it. */
  getCashUp(date?: string): Promise<CashUpDto>;
  closeDay(body: CashUpBody): Promise<CashUpDto>;
  /** Cancels a series' dates from a local date on (all still to come without one), refunding paid ones. */
  cancelSeries(id: string, from?: string): Promise<SeriesDto & { cancelledBookings: number }>;
}

/** A staff action on one record (POST /api/admin/<resource>/:id/<action>, no body); resolves with the record afterwards. */
async function recordAction<T>(resource: 'payments' | 'refunds' | 'emails' | 'bookings' | 'webhook-deliveries', id: string, action: string): Promise<T> {
  const { json } = await httpClient(`/api/admin/${resource}/${encodeURIComponent(id)}/${action}`, { method: 'POST' });
  return json as T;
}

/**
 * ra-data-simple-rest on /api/admin/{facilities,bookings,users,messages,payments,emails,closures,series,audit,...},
 * plus the calls the back office makes outside the CRUD conventions. Creating a user is POST
 * /api/admin/users: a customer, or (an owner choosing) an account of another role.
 */
export const dataProvider: CourtsideDataProvider = {
  ...rest,
  getDayView: async (date) => (await httpClient(`/api/admin/day-view?date=${encodeURIComponent(date)}`)).json as DayView,
  getStats: async () => (await httpClient('/api/admin/stats')).json as DashboardStats,
  setRole: async (id, role) => {
    const { json } = await httpClient(`/api/users/${encodeURIComponent(id)}/role`, { method: 'PUT', body: JSON.stringify({ role } satisfies RoleBody) });
    return (json as Envelope<UserDto>).message;
  },
  inviteStaff: async (body) => {
    const { json } = await httpClient('/api/admin/staff', { method: 'POST', body: JSON.stringify(body) });
    return (json as { data: AdminUserDto }).data;
  },
  refundPayment: (id) => recordAction<PaymentDto>('payments', id, 'refund'),
  resolvePaymentFlag: (id) => recordAction<PaymentDto>('payments', id, 'resolve-flag'),
  getDeskRefunds: async (filter) => {
    const query = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => typeof e[1] === 'string'));
    return (await httpClient(`/api/admin/desk-refunds?${query}`)).json as DeskRefundDto[];
  },
  refundHandedBack: (refundId) => recordAction<PaymentDto>('refunds', refundId, 'handed-back'),
  retryEmail: (id) => recordAction<EmailDto>('emails', id, 'retry'),
  rollWebhookSecret: async (id, oldSecretHours) =>
    (await httpClient(`/api/admin/webhooks/${encodeURIComponent(id)}/roll-secret`, { method: 'POST', body: JSON.stringify({ oldSecretHours } satisfies RollSecretBody) })).json as WebhookEndpointDto,
  resendWebhookDelivery: (id) => recordAction<WebhookDeliveryDto>('webhook-deliveries', id, 'resend'),
  markPaid: async (id, paymentMethod) =>
    (await httpClient(`/api/admin/bookings/${encodeURIComponent(id)}/mark-paid`, { method: 'POST', body: JSON.stringify({ paymentMethod } satisfies MarkPaidBody) })).json as ListRecord<BookingDto>,
  getCashUp: async (date) => (await httpClient(`/api/admin/cash-up${date ? `?date=${encodeURIComponent(date)}` : ''}`)).json as CashUpDto,
  closeDay: async (body) => (await httpClient('/api/admin/cash-up', { method: 'POST', body: JSON.stringify(body) })).json as CashUpDto,
  previewSeries: async (body) => (await httpClient('/api/admin/series/preview', { method: 'POST', body: JSON.stringify(body) })).json as SeriesPreviewDto,
  quoteDeskBooking: async (body) => (await httpClient('/api/admin/bookings/quote', { method: 'POST', body: JSON.stringify(body) })).json as DeskQuoteDto,
  settleBalance: async (id, body) =>
    (await httpClient(`/api/admin/bookings/${encodeURIComponent(id)}/settle-balance`, { method: 'POST', body: JSON.stringify(body) })).json as ListRecord<BookingDto>,
  cancelSeries: async (id, from) => {
    const query = from ? `?from=${encodeURIComponent(from)}` : '';
    const { json } = await httpClient(`/api/admin/series/${encodeURIComponent(id)}${query}`, { method: 'DELETE' });
    return json as SeriesDto & { cancelledBookings: number };
  },
};
