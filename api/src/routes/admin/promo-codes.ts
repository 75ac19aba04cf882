import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MAX_PROMO_FACILITIES } from '@courtside/domain';
import { DateText, PromoCodeDto } from '@courtside/contracts';
import * as promoCodes from '../../services/promo-code-service.ts';
import { errorResponses } from '../../http/envelope.ts';
import { ListQuery, sendList } from '../../http/simple-rest.ts';
import { Id, IdParams } from '../schemas.ts';

const orNull = <T extends Parameters<typeof Type.Optional>[0]>(type: T, description: string) =>
  Type.Optional(Type.Union([type, Type.Null()], { description }));

/**
 * A promo code as staff write it (PUT takes the whole record; its id, uses and dates are
 * dropped). Types only: the domain checks ranges and combinations, naming the field at fault.
 */
const PromoCodeBody = Type.Object(
  {
    code: Type.String({ maxLength: 64, description: '3 to 32 letters, digits, - or _; stored in capitals' }),
    percentOff: orNull(Type.Number(), 'Whole percent off the order, 1-100 (or amountOff, not both)'),
    amountOff: orNull(Type.Number(), 'Dollars off the order (or percentOff, not both)'),
    validFrom: orNull(DateText, "First day it can be used, on the venue's calendar (DEFAULT_TIMEZONE); null: from now"),
    validTo: orNull(DateText, 'Last day it can be used; null: no end'),
    facilityIds: orNull(Type.Array(Id, { maxItems: MAX_PROMO_FACILITIES }), 'Every booking of the order must be at one of these; null: any facility'),
    minAmount: orNull(Type.Number(), "Smallest order (the bookings' total before the discount) it applies to, in dollars"),
    maxUses: orNull(Type.Number(), 'Orders that may use it in all'),
    maxUsesPerCustomer: orNull(Type.Number(), 'Orders one customer may use it on'),
  },
  { additionalProperties: false },
);

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/promo-codes', {
    schema: {
      summary: "Promo codes with each one's uses so far; filter by q (part of the code), current (true: not past its last day)",
      querystring: ListQuery,
      response: { 200: Type.Array(PromoCodeDto), ...errorResponses },
    },
  }, async (request, reply) => sendList(reply, 'promo-codes', await promoCodes.pagePromoCodes(app.ctx, request.query)));

  app.get('/promo-codes/:id', { schema: { params: IdParams, response: { 200: PromoCodeDto, ...errorResponses } } },
    async (request) => promoCodes.getPromoCode(app.ctx, request.params.id));

  app.post('/promo-codes', {
    schema: {
      summary: 'Create a promo code (400 INVALID_PROMO_CODE naming the field; 409 ALREADY_EXISTS when the code is taken)',
      body: PromoCodeBody,
      response: { 201: PromoCodeDto, ...errorResponses },
    },
  }, async (request, reply) => reply.status(201).send(await promoCodes.createPromoCode(app.ctx, request.currentUser!, request.body)));

  app.put('/promo-codes/:id', {
    schema: {
      summary: "Replace a promo code's terms; orders already placed keep the discount they got",
      params: IdParams,
      body: PromoCodeBody,
      response: { 200: PromoCodeDto, ...errorResponses },
    },
  }, async (request) => promoCodes.updatePromoCode(app.ctx, request.params.id, request.body));

  app.delete('/promo-codes/:id', {
    schema: {
      summary: 'Delete a promo code; one an order used is withdrawn instead (customers can no longer use it, its orders keep it)',
      params: IdParams,
      response: { 200: PromoCodeDto, ...errorResponses },
    },
  }, async (request) => promoCodes.deletePromoCode(app.ctx, request.params.id));
};

export default routes;
