import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FacilityReviewsDto, IdParams, OwnReviewDto, ReviewBody } from '@courtside/contracts';
import * as reviews from '../services/review-service.ts';
import { envelopeOf, errorResponses, ok } from '../http/envelope.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/api/bookings/:id/review', {
    config: { access: 'user' },
    schema: {
      tags: ['reviews'],
      summary: 'Rate the facility of your own booking, once it was confirmed and has ended: 1-5 stars and an optional comment, once (409 ALREADY_REVIEWED, NOT_ENDED, NOT_REVIEWABLE)',
      security: [{ bearerAuth: [] }],
      params: IdParams,
      body: ReviewBody,
      response: { 201: envelopeOf(OwnReviewDto), ...errorResponses },
    },
  }, async (request, reply) =>
    reply.status(201).send(ok(201, 'Thank you for your review', await reviews.reviewBooking(app.ctx, request.currentUser!, request.params.id, request.body))));

  app.get('/api/facility/:id/reviews', {
    config: { access: 'public' },
    schema: {
      tags: ['reviews'],
      summary: "A facility's average rating, how many reviews it has and the most recent ones, never who wrote them (hidden reviews left out)",
      params: IdParams,
      response: { 200: envelopeOf(FacilityReviewsDto), ...errorResponses },
    },
  }, async (request) => ok(200, 'Reviews retrieved successfully', await reviews.facilityReviews(app.ctx, request.params.id)));
};

export default routes;
