import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import type { ReportName } from '@courtside/domain';
import { CancellationsReport, ChannelsReport, OccupancyReport, ReportQuery, RevenueReport, TopCustomersReport } from '@courtside/contracts';
import { staffOnly } from '../../plugins/auth.ts';
import { REPORTS } from '../../services/report-service.ts';
import { errorResponses } from '../../http/envelope.ts';

const DESCRIBED: Record<ReportName, { schema: TSchema; summary: string }> = {
  occupancy: { schema: OccupancyReport, summary: 'Occupancy by weekday and local hour: minutes booked of minutes open (opening hours less closures)' },
  revenue: { schema: RevenueReport, summary: 'Revenue by facility and week or month: paid minus refunded, desk and online apart' },
  channels: { schema: ChannelsReport, summary: 'Bookings by channel: the site, the desk, weekly series, payment links' },
  cancellations: { schema: CancellationsReport, summary: 'Cancellations (by customers, by staff) and refunds, by week or month' },
  'top-customers': { schema: TopCustomersReport, summary: 'The customers who paid the most, net of refunds' },
};

/** GET /api/admin/reports/<name>: each report as JSON, or with `format=csv` as the CSV of the same figures. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  for (const name of Object.keys(REPORTS) as ReportName[]) {
    app.get(`/reports/${name}`, {
      config: staffOnly('reports', 'list'),
      schema: {
        summary: `${DESCRIBED[name].summary}. The bookings played from \`from\` to \`to\` (each facility's own dates; default: the last twelve weeks)`,
        querystring: ReportQuery,
        response: {
          200: {
            description: 'The report; with format=csv, the same figures as a CSV file',
            content: { 'application/json': { schema: DESCRIBED[name].schema }, 'text/csv': { schema: Type.String() } },
          },
          ...errorResponses,
        },
      },
    }, async (request, reply) => {
      const answer = await REPORTS[name](app.ctx, request.query);
      if (request.query.format !== 'csv') return answer.report;
      const { from, to } = answer.period;
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${name}-${from}-to-${to}.csv"`)
        .send(answer.csv());
    });
  }
};

export default routes;
