import { staffOnly } from '../../plugins/auth.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DashboardStats } from '@courtside/contracts';
import { getDashboardStats } from '../../services/back-office-stats.ts';
import { errorResponses } from '../../http/envelope.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/stats', {
    config: staffOnly('stats', 'list'),
    schema: {
      summary: "Dashboard figures: today's bookings, today's occupancy, revenue of the last 7 days",
      response: { 200: DashboardStats, ...errorResponses },
    },
  }, async () => getDashboardStats(app.ctx));
};

export default routes;
