import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getDayView } from '../../services/back-office-stats.ts';
import { errorResponses } from '../../http/envelope.ts';
import { DateText, TimeText } from '../schemas.ts';

const BookingStatus = Type.Union([Type.Literal('pending'), Type.Literal('confirmed')]);
const PaymentStatus = Type.Union([Type.Literal('unpaid'), Type.Literal('paid'), Type.Literal('refunded')]);

const DayViewBooking = Type.Object({
  id: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  status: BookingStatus,
  paymentStatus: PaymentStatus,
  payableAmount: Type.Number(),
  holdExpiresAt: Type.Union([Type.String(), Type.Null()]),
  customer: Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() }),
});

const DayViewFacility = Type.Object({
  id: Type.String(),
  name: Type.String(),
  isDeleted: Type.Boolean({ description: 'Deleted since; listed only on days it still has bookings' }),
  location: Type.String(),
  imageUrl: Type.String(),
  timezone: Type.String(),
  slotMinutes: Type.Integer(),
  hours: Type.Union([Type.Object({ open: TimeText, close: TimeText }), Type.Null()]),
  bookings: Type.Array(DayViewBooking),
});

const DayView = Type.Object({
  date: Type.String(),
  weekday: Type.Integer({ minimum: 0, maximum: 6 }),
  today: Type.String(),
  facilities: Type.Array(DayViewFacility),
});

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/day-view', {
    schema: {
      summary: "The front desk's day: every live facility (and deleted ones that still have bookings that day) with the bookings holding its time on a local date (default: today)",
      querystring: Type.Object({ date: Type.Optional(DateText) }),
      response: { 200: DayView, ...errorResponses },
    },
  }, async (request) => getDayView(app.ctx, request.query.date));
};

export default routes;
