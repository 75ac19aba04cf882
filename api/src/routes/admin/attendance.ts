import { staffOnly } from '../../plugins/auth.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AttendanceSummaryDto, BookingDto, CustomerAttendanceDto, IdParams, ListRecord, TodayAtTheDeskDto, TodayQuery } from '@courtside/contracts';
import { checkIn, customerAttendanceOf, liftBookingBlock, noShowRatesOf, todayAtTheDesk, undoCheckIn } from '../../services/attendance-service.ts';
import { withId } from '../../shared/presenters.ts';
import { errorResponses } from '../../http/envelope.ts';

const Record = ListRecord(BookingDto);

/** Check-in at the desk, the Today list, no-shows and booking blocks. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/bookings/:id/check-in', {
    config: staffOnly('bookings', 'check-in'),
    schema: { summary: 'Check a confirmed booking in at the desk (409 NOT_CHECKABLE otherwise); one checked in already stays as it is', params: IdParams, response: { 200: Record, ...errorResponses } },
  }, async (request) => withId(await checkIn(app.ctx, request.currentUser!, request.params.id)));

  app.delete('/bookings/:id/check-in', {
    config: staffOnly('bookings', 'check-in'),
    schema: { summary: 'Undo a check-in, or clear a no-show (never marked again): attendance pending (409 NOT_CHECKED_IN when it is)', params: IdParams, response: { 200: Record, ...errorResponses } },
  }, async (request) => withId(await undoCheckIn(app.ctx, request.currentUser!, request.params.id)));

  app.get('/front-desk/today', {
    config: staffOnly('day-view', 'list'),
    schema: { summary: "The day's confirmed bookings in start order with their attendance (today on the venue's clock unless `date`)", querystring: TodayQuery, response: { 200: TodayAtTheDeskDto, ...errorResponses } },
  }, async (request) => todayAtTheDesk(app.ctx, request.query.date));

  app.get('/attendance/summary', {
    config: staffOnly('stats', 'list'),
    schema: { summary: "Today's check-ins (of today's confirmed bookings) and the no-show rate by facility over the last 30 days", response: { 200: AttendanceSummaryDto, ...errorResponses } },
  }, async () => {
    const today = await todayAtTheDesk(app.ctx);
    return { today: { checkedIn: today.checkedIn, total: today.total }, noShowRates: await noShowRatesOf(app.ctx) };
  });

  app.get('/users/:id/attendance', {
    config: staffOnly('users', 'list'),
    schema: { summary: "A customer's no-shows within NO_SHOW_WINDOW_DAYS and their booking block", params: IdParams, response: { 200: CustomerAttendanceDto, ...errorResponses } },
  }, async (request) => customerAttendanceOf(app.ctx, request.params.id));

  app.delete('/users/:id/booking-block', {
    config: staffOnly('users', 'lift-block'),
    schema: { summary: "Lift a customer's block from booking online (409 NOT_BLOCKED when there is none)", params: IdParams, response: { 200: CustomerAttendanceDto, ...errorResponses } },
  }, async (request) => liftBookingBlock(app.ctx, request.currentUser!, request.params.id));
};

export default routes;
