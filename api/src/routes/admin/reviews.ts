import { staffOnly } from '../../plugins/auth.ts';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminReviewBody, AdminReviewDto, IdParams, ListQuery } from '@courtside/contracts';
import * as reviews from '../../services/review-service.ts';
import { errorResponses } from '../../http/envelope.ts';
import { sendList } from '../../http/simple-rest.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/reviews', {
    config: staffOnly('reviews', 'list'),
    schema: {
      summary: 'Reviews with their author, newest first; filter by facilityId, hidden (true/false), rating or q (comment, customer name or email)',
      querystring: ListQuery,
      response: { 200: Type.Array(AdminReviewDto), ...errorResponses },
    },
  }, async (request, reply) => sendList(reply, 'reviews', await reviews.pageReviews(app.ctx, request.query)));

  app.get('/reviews/:id', { config: staffOnly('reviews', 'list'), schema: { params: IdParams, response: { 200: AdminReviewDto, ...errorResponses } } },
    async (request) => reviews.getReview(app.ctx, request.params.id));

  app.put('/reviews/:id', {
    config: staffOnly('reviews', 'edit'),
    schema: {
      summary: 'Hide a review from the public (its average and list) with an optional reason, or show it again',
      params: IdParams,
      body: AdminReviewBody,
      response: { 200: AdminReviewDto, ...errorResponses },
    },
  }, async (request) => reviews.setReviewHidden(app.ctx, request.currentUser!, request.params.id, request.body));
};

export default routes;
