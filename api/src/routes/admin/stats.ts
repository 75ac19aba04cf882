import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getDashboardStats } from '../../services/back-office-stats.ts';
import { errorResponses } from '../../http/envelope.ts';

const Stats = Type.Object({
  today: Type.String(),
  timezone: Type.String(),
  facilities: Type.Integer(),
  todayBookings: Type.Object({ total: Type.Integer(), confirmed: Type.Integer(), pending: Type.Integer(), amount: Type.Number() }),
  occupancy: Type.Object({ bookedMinutes: Type.Integer(), openMinutes: Type.Integer(), rate: Type.Number() }),
  upcoming: Type.Array(
    Type.Object({
      id: Type.String(),
      facility: Type.String(),
      facilityId: Type.String(),
      startTime: Type.String(),
      endTime: Type.String(),
      status: Type.Union([Type.Literal('pending'), Type.Literal('confirmed')]),
      customer: Type.String(),
    }),
  ),
  revenue: Type.Object({
    total: Type.Number(),
    bookings: Type.Integer(),
    days: Type.Array(Type.Object({ date: Type.String(), amount: Type.Number(), bookings: Type.Integer() })),
  }),
});

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/stats', {
    schema: {
      summary: "Dashboard figures: today's bookings, today's occupancy, revenue of the last 7 days",
      response: { 200: Stats, ...errorResponses },
    },
  }, async () => getDashboardStats(app.ctx));
};

export default routes;
