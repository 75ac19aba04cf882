import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AddPlayerBody, BookingPlayersDto, IdParams, JoinPreviewDto, JoinTokenParams, PlayerParams, PlayingBookingDto } from '@courtside/contracts';
import * as playersService from '../services/players-service.ts';
import { envelopeOf, errorResponses, ok } from '../http/envelope.ts';

const security = [{ bearerAuth: [] }];
const tags = ['players'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/bookings/playing', {
    config: { access: 'user' },
    schema: { tags, summary: 'Bookings you play in that someone else booked: upcoming, and the last 30 days', security, response: { 200: envelopeOf(Type.Array(PlayingBookingDto)), ...errorResponses } },
  }, async (request) => ok(200, 'Bookings retrieved successfully', await playersService.listPlaying(app.ctx, request.currentUser!)));

  app.get('/api/bookings/:id/players', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "A booking's players, for its organizer, its players and staff (anyone else: 404); the organizer and staff also get its link and the addresses invited",
      security,
      params: IdParams,
      response: { 200: envelopeOf(BookingPlayersDto), ...errorResponses },
    },
  }, async (request) => ok(200, 'Players retrieved successfully', await playersService.getPlayers(app.ctx, request.currentUser!, request.params.id)));

  app.post('/api/bookings/:id/players', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Organizer or staff: invite an address by email ({email}: a message with the link; they join through it) or add a friend without an account by name ({name}). 409 BOOKING_FULL past maxPlayers',
      security,
      params: IdParams,
      body: AddPlayerBody,
      response: { 201: envelopeOf(BookingPlayersDto), ...errorResponses },
    },
  }, async (request, reply) => {
    const players = await playersService.addPlayer(app.ctx, request.currentUser!, request.params.id, request.body);
    return reply.status(201).send(ok(201, request.body.email !== undefined ? `Invitation sent to ${request.body.email.trim()}.` : 'Player added.', players));
  });

  app.post('/api/bookings/:id/players/link', {
    config: { access: 'user' },
    schema: { tags, summary: 'Organizer or staff: a new link for the booking; the old one stops working', security, params: IdParams, response: { 200: envelopeOf(BookingPlayersDto), ...errorResponses } },
  }, async (request) => ok(200, 'New link made: the old one no longer works.', await playersService.renewLink(app.ctx, request.currentUser!, request.params.id)));

  app.delete('/api/bookings/:id/players/me', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Leave a booking you play in (its organizer cannot: 409 IS_ORGANIZER)',
      security,
      params: IdParams,
      response: { 200: envelopeOf(Type.Object({ bookingId: Type.String() })), ...errorResponses },
    },
  }, async (request) => ok(200, 'You left the booking.', await playersService.leave(app.ctx, request.currentUser!, request.params.id)));

  app.delete('/api/bookings/:id/players/:playerId', {
    config: { access: 'user' },
    schema: { tags, summary: 'Organizer or staff: remove a player from the booking', security, params: PlayerParams, response: { 200: envelopeOf(BookingPlayersDto), ...errorResponses } },
  }, async (request) => ok(200, 'Player removed.', await playersService.removePlayer(app.ctx, request.currentUser!, request.params.id, request.params.playerId)));

  app.get('/api/join/:token', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: "What a booking's link shows: where, when, the organizer's first name, places left (signed in: whether you are on it). 404 INVITE_NOT_FOUND for a link renewed or never made",
      params: JoinTokenParams,
      response: { 200: envelopeOf(JoinPreviewDto), ...errorResponses },
    },
  }, async (request) => ok(200, 'Booking retrieved successfully', await playersService.previewJoin(app.ctx, request.params.token, (await app.callerIfSignedIn(request)) ?? undefined)));

  app.post('/api/join/:token', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "Join the booking of a link (joining twice is one place). 409 BOOKING_FULL, 409 NOT_JOINABLE (cancelled, its hold ran out, or started)",
      security,
      params: JoinTokenParams,
      response: { 200: envelopeOf(JoinPreviewDto), ...errorResponses },
    },
  }, async (request) => {
    const joined = await playersService.join(app.ctx, request.params.token, request.currentUser!);
    return ok(200, joined.you === 'organizer' ? 'This is your own booking.' : `You're playing with ${joined.organizerFirstName}.`, joined);
  });
};

export default routes;
