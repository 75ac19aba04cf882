import { staffOnly } from '../../plugins/auth.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getDayView } from '../../services/back-office-stats.ts';
import { errorResponses } from '../../http/envelope.ts';
import { DayView, DayViewQuery } from '@courtside/contracts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/day-view', {
    config: staffOnly('day-view', 'list'),
    schema: {
      summary: "The front desk's day: every live facility (and deleted ones that still have bookings that day) with the bookings holding its time on a local date (default: today)",
      querystring: DayViewQuery,
      response: { 200: DayView, ...errorResponses },
    },
  }, async (request) => getDayView(app.ctx, request.query.date));
};

export default routes;
