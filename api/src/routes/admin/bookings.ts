import { staffOnly } from '../../plugins/auth.ts';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as bookings from '../../services/booking-service.ts';
import { bookAtDesk, markPaidAtDesk, quoteDeskBooking } from '../../services/front-desk-service.ts';
import { pageBookings } from '../../services/admin-service.ts';
import { settleBalance } from '../../services/balance-service.ts';
import { withId } from '../../shared/presenters.ts';
import { errorResponses } from '../../http/envelope.ts';
import { sendList } from '../../http/simple-rest.ts';
import { BookingDto, DeskBookingBody, DeskQuoteBody, DeskQuoteDto, IdParams, ListQuery, ListRecord, MarkPaidBody, PriceChangeDto, SettleBalanceBody, StaffMoveBody } from '@courtside/contracts';

const Record = ListRecord(BookingDto);
/** A desk booking's answer adds the customer's payment page, for payment "link". */
const DeskRecord = Type.Intersect([Record, Type.Object({ paymentUrl: Type.Union([Type.String(), Type.Null()]) })]);
/** A move's answer adds what it did to the price. */
const MovedRecord = Type.Intersect([Record, Type.Object({ priceChange: PriceChangeDto })]);

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/bookings', { config: staffOnly('bookings', 'list'), schema: { querystring: ListQuery, response: { 200: Type.Array(Record), ...errorResponses } } },
    async (request, reply) => sendList(reply, 'bookings', await pageBookings(app.ctx, request.query)));

  app.get('/bookings/:id', { config: staffOnly('bookings', 'list'), schema: { params: IdParams, response: { 200: Record, ...errorResponses } } },
    async (request) => withId(await bookings.getBooking(app.ctx, request.currentUser!, request.params.id)));

  app.post('/bookings', {
    config: staffOnly('bookings', 'create'),
    schema: {
      summary: 'Book at the front desk for a customer or a walk-in (same rules as customers; today\'s started slot and beyond the public horizon allowed)',
      body: DeskBookingBody,
      response: { 201: DeskRecord, ...errorResponses },
    },
  }, async (request, reply) => reply.status(201).send(withId(await bookAtDesk(app.ctx, request.currentUser!, request.body))));

  app.post('/bookings/quote', {
    config: staffOnly('bookings', 'create'),
    schema: {
      summary: "What a desk booking would cost this customer (their tier, the price rules, the length), before booking it; writes nothing",
      body: DeskQuoteBody,
      response: { 200: DeskQuoteDto, ...errorResponses },
    },
  }, async (request) => quoteDeskBooking(app.ctx, request.body));

  app.post('/bookings/:id/mark-paid', {
    config: staffOnly('bookings', 'mark-paid'),
    schema: { summary: 'Record that a confirmed, unpaid booking was paid at the desk (by cash unless paymentMethod says card)', params: IdParams, body: Type.Optional(MarkPaidBody), response: { 200: Record, ...errorResponses } },
  }, async (request) => withId(await markPaidAtDesk(app.ctx, request.currentUser!, request.params.id, request.body?.paymentMethod)));

  app.post('/bookings/:id/settle-balance', {
    config: staffOnly('bookings', 'settle-balance'),
    schema: {
      summary: "Settle the balance a move left on a paid booking: collect it at the desk (positive), or give it back through the provider that took the money or at the desk (negative)",
      params: IdParams,
      body: SettleBalanceBody,
      response: { 200: Record, ...errorResponses },
    },
  }, async (request) => withId(await settleBalance(app.ctx, request.currentUser!, request.params.id, request.body)));

  app.put('/bookings/:id', {
    config: staffOnly('bookings', 'edit'),
    schema: {
      params: IdParams,
      body: StaffMoveBody,
      response: { 200: MovedRecord, ...errorResponses },
    },
  }, async (request) => {
    const { facility, facilityId: named, confirmPriceChange, confirmSportChange, ...times } = request.body;
    const facilityId = named ?? (typeof facility === 'string' ? facility : facility?._id);
    return withId(await bookings.rescheduleBooking(app.ctx, request.currentUser!, request.params.id, { ...times, facility: facilityId }, { confirmPriceChange, confirmSportChange }));
  });

  app.delete('/bookings/:id', { config: staffOnly('bookings', 'delete'), schema: { summary: 'Cancel (refunds a paid booking)', params: IdParams, response: { 200: Record, ...errorResponses } } },
    async (request) => withId(await bookings.cancelBooking(app.ctx, request.currentUser!, request.params.id)));
};

export default routes;
