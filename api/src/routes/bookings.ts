import { staffOnly } from '../plugins/auth.ts';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as bookings from '../services/booking-service.ts';
import { envelopeOf, errorResponses, ok } from '../http/envelope.ts';
import { BookingBody, BookingDto, BookingPageQuery, IdParams, MovedBookingDto, RescheduleBody, UserIdParams } from '@courtside/contracts';
import { clientOf } from '../http/client.ts';

const security = [{ bearerAuth: [] }];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/bookings', {
    config: staffOnly('bookings', 'list'),
    schema: {
      tags: ['bookings'],
      summary: 'All bookings, newest first, a page at a time',
      security,
      querystring: BookingPageQuery,
      response: {
        200: Type.Object({
          success: Type.Literal(true),
          statusCode: Type.Integer(),
          message: Type.String(),
          meta: Type.Object({ page: Type.Integer(), limit: Type.Integer(), total: Type.Integer() }),
          data: Type.Array(BookingDto),
        }),
        ...errorResponses,
      },
    },
  }, async (request) => {
    const { page, limit } = request.query;
    const result = await bookings.listAllBookings(app.ctx, page, limit);
    return { ...ok(200, 'Bookings retrieved successfully', result.bookings), meta: { page, limit, total: result.total } };
  });

  app.get('/api/bookings/user/:userId', {
    config: { access: 'user' },
    schema: {
      tags: ['bookings'],
      summary: "A customer's bookings (their own, or any for admins)",
      security,
      params: UserIdParams,
      response: { 200: envelopeOf(Type.Array(BookingDto)), ...errorResponses },
    },
  }, async (request) => ok(200, 'Bookings retrieved successfully', await bookings.listUserBookings(app.ctx, request.currentUser!, request.params.userId)));

  app.get('/api/bookings/:id', {
    config: { access: 'user' },
    schema: { tags: ['bookings'], summary: 'One booking (own, or any for admins)', security, params: IdParams, response: { 200: envelopeOf(BookingDto), ...errorResponses } },
  }, async (request) => ok(200, 'Booking retrieved successfully', await bookings.getBooking(app.ctx, request.currentUser!, request.params.id)));

  app.post('/api/bookings', {
    config: { access: 'user' },
    schema: {
      tags: ['bookings'],
      summary: 'Hold a slot (pending until paid or the hold lapses)',
      security,
      body: BookingBody,
      response: { 201: envelopeOf(BookingDto), ...errorResponses },
    },
  }, async (request, reply) => {
    const booking = await bookings.createBooking(app.ctx, request.currentUser!, request.body, clientOf(request));
    const message = `Booking created successfully. Please complete payment within ${app.ctx.config.holdMinutes} minutes to confirm it.`;
    return reply.status(201).send(ok(201, message, booking));
  });

  app.put('/api/bookings/:id', {
    config: { access: 'user' },
    schema: {
      tags: ['bookings'],
      summary: 'Move a booking (owners: unpaid holds, re-priced; admins: any active booking, under the desk policy): the answer says what the move did to the price',
      security,
      params: IdParams,
      body: RescheduleBody,
      response: { 200: envelopeOf(MovedBookingDto), ...errorResponses },
    },
  }, async (request) => {
    const { confirmPriceChange, confirmSportChange, ...change } = request.body;
    return ok(200, 'Booking updated successfully', await bookings.rescheduleBooking(app.ctx, request.currentUser!, request.params.id, change, { confirmPriceChange, confirmSportChange }));
  });

  app.delete('/api/bookings/:id', {
    config: { access: 'user' },
    schema: { tags: ['bookings'], summary: 'Cancel a booking under the cancellation policy', security, params: IdParams, response: { 200: envelopeOf(BookingDto), ...errorResponses } },
  }, async (request) => {
    const booking = await bookings.cancelBooking(app.ctx, request.currentUser!, request.params.id);
    const refunded = booking.paymentStatus === 'refunded' ? ' Your payment has been refunded.' : '';
    return ok(200, `Booking cancelled successfully.${refunded}`, booking);
  });
};

export default routes;
