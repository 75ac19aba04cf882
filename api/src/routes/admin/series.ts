import { staffOnly } from '../../plugins/auth.ts';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, ListQuery, SeriesBody, SeriesCancelQuery, SeriesDto, SeriesPreviewDto } from '@courtside/contracts';
import * as series from '../../services/series-service.ts';
import { errorResponses } from '../../http/envelope.ts';
import { sendList } from '../../http/simple-rest.ts';

const Created = Type.Intersect([SeriesDto, Type.Object({ skipped: Type.Array(Type.Object({ date: Type.String(), reason: Type.String() })) })]);
const Cancelled = Type.Intersect([SeriesDto, Type.Object({ cancelledBookings: Type.Integer() })]);

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/series', { config: staffOnly('series', 'list'), schema: { summary: 'Weekly series; filter by facilityId, userId', querystring: ListQuery, response: { 200: Type.Array(SeriesDto), ...errorResponses } } },
    async (request, reply) => sendList(reply, 'series', await series.pageSeries(app.ctx, request.query)));

  app.get('/series/:id', { config: staffOnly('series', 'list'), schema: { params: IdParams, response: { 200: SeriesDto, ...errorResponses } } },
    async (request) => series.getSeries(app.ctx, request.params.id));

  app.post('/series/preview', {
    config: staffOnly('series', 'create'),
    schema: { summary: "What creating this series would book now, date by date, at the customer's prices (writes nothing)", body: SeriesBody, response: { 200: SeriesPreviewDto, ...errorResponses } },
  }, async (request) => series.previewSeries(app.ctx, request.body));

  app.post('/series', {
    config: staffOnly('series', 'create'),
    schema: { summary: 'Book a weekly series: every date in one transaction (409 SERIES_CONFLICT with the dates, or skip them)', body: SeriesBody, response: { 201: Created, ...errorResponses } },
  }, async (request, reply) => reply.status(201).send(await series.createSeries(app.ctx, request.currentUser!, request.body)));

  app.delete('/series/:id', {
    config: staffOnly('series', 'delete'),
    schema: { summary: 'Cancel its dates from a local date on (default: all still to come), refunding paid ones', params: IdParams, querystring: SeriesCancelQuery, response: { 200: Cancelled, ...errorResponses } },
  }, async (request) => series.cancelSeries(app.ctx, request.currentUser!, request.params.id, request.query.from));
};

export default routes;
