import { BOOKING_STATUSES, PAYMENT_STATUSES, DomainError, ROLES, SPORTS, fromLocal, parseDate, addDays } from '@courtside/domain';
import * as bookings from '../repositories/bookings.ts';
import * as facilities from '../repositories/facilities.ts';
import * as messages from '../repositories/messages.ts';
import * as users from '../repositories/users.ts';
import type { ServiceContext } from '../shared/context.ts';
import { enumFilter, numberFilter, parseListParams, stringFilter, uuidFilter, type ListParams } from '../shared/admin-query.ts';
import { toAdminUserDto, toBookingDto, toFacilityDto, toMessageRecord, withId } from '../shared/presenters.ts';

/** List use cases of the back office (simple-rest conventions); records carry `id`. */

export async function pageFacilities(ctx: ServiceContext, params: ListParams) {
  const { page, filter, ids } = parseListParams(
    params,
    { name: 'name', location: 'location', pricePerHour: 'price_per_hour_cents', sport: 'sport', isDeleted: 'is_deleted', id: 'id' },
    ['name', 'ASC'],
  );
  const deleted = filter.isDeleted === undefined || filter.isDeleted === '' ? (ids ? 'any' : undefined) : filter.isDeleted === 'any' ? 'any' : filter.isDeleted === true || filter.isDeleted === 'true';
  const maxPrice = numberFilter(filter, 'maxPrice');
  const { rows, total } = await facilities.pageFacilities(
    ctx.db,
    {
      ids,
      q: stringFilter(filter, 'q'),
      maxPriceCents: maxPrice === undefined ? undefined : Math.floor(maxPrice * 100 + 1e-6),
      sports: enumFilter(filter, 'sport', SPORTS),
      deleted,
    },
    page,
  );
  return { records: rows.map((r) => withId(toFacilityDto(r))), total, page };
}

export async function pageBookings(ctx: ServiceContext, params: ListParams) {
  const { page, filter, ids } = parseListParams(
    params,
    { date: 'b.starts_at', startsAt: 'b.starts_at', createdAt: 'b.created_at', payableAmount: 'b.payable_cents', status: 'b.status', paymentStatus: 'b.payment_status', 'facility.name': 'f.name', 'user.name': 'u.name', id: 'b.id' },
    ['date', 'DESC'],
  );
  // Date filters are days of the venue's default time zone.
  const dayStart = (key: string, offset: number) => {
    const text = stringFilter(filter, key);
    return text === undefined ? undefined : fromLocal(addDays(parseDate(text, `filter.${key}`), offset), 0, ctx.config.defaultTimezone);
  };
  const { rows, total } = await bookings.pageBookings(
    ctx.db,
    {
      ids,
      facilityId: uuidFilter(filter, 'facilityId'),
      userId: uuidFilter(filter, 'userId'),
      status: enumFilter(filter, 'status', BOOKING_STATUSES),
      paymentStatus: enumFilter(filter, 'paymentStatus', PAYMENT_STATUSES)?.[0],
      startsFrom: dayStart('dateFrom', 0),
      startsBefore: dayStart('dateTo', 1),
      q: stringFilter(filter, 'q'),
    },
    page,
  );
  const now = ctx.clock();
  return { records: rows.map((r) => withId(toBookingDto(r, now, ctx.config.cancellationHours, { reader: 'staff', opensMinutes: ctx.config.accessOpensMinutes }))), total, page };
}

export async function pageUsers(ctx: ServiceContext, params: ListParams) {
  const { page, filter, ids } = parseListParams(
    params,
    { name: 'name', email: 'email', role: 'role', createdAt: 'created_at', id: 'id' },
    ['name', 'ASC'],
  );
  const { rows, total } = await users.listUsers(ctx.db, { ids, q: stringFilter(filter, 'q'), role: enumFilter(filter, 'role', [...ROLES, 'staff'] as const)?.[0] }, page);
  return { records: rows.map((r) => withId(toAdminUserDto(r))), total, page };
}

export async function pageMessages(ctx: ServiceContext, params: ListParams) {
  const { page, filter, ids } = parseListParams(params, { createdAt: 'created_at', name: 'name', email: 'email', subject: 'subject', id: 'id' }, ['createdAt', 'DESC']);
  const { rows, total } = await messages.pageMessages(ctx.db, { ids, q: stringFilter(filter, 'q') }, page);
  return { records: rows.map(toMessageRecord), total, page };
}

const messageNotFound = () => new DomainError('not_found', 'MESSAGE_NOT_FOUND', 'Message not found.');

export async function getMessage(ctx: ServiceContext, id: string) {
  const row = await messages.findMessage(ctx.db, id);
  if (!row) throw messageNotFound();
  return toMessageRecord(row);
}

export async function deleteMessage(ctx: ServiceContext, id: string) {
  const row = await messages.deleteMessage(ctx.db, id);
  if (!row) throw messageNotFound();
  return toMessageRecord(row);
}
