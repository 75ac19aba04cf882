import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreditPackDto, TopUpBody, TopUpDto } from '@courtside/contracts';
import { ErrorEnvelope, envelopeOf, errorResponses, ok } from '../http/envelope.ts';
import { activeCreditPacks, orderTopUp } from '../services/credit-pack-service.ts';

/** Credit packs on sale, and buying one: the credit lands once the payment provider confirms payment. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/credit-packs', {
    config: { access: 'public' },
    schema: {
      tags: ['wallet'],
      summary: 'Credit packs on sale, cheapest first: the price, the credit it gives (credit - price is bonus) and how long the bonus lasts',
      response: { 200: envelopeOf(Type.Array(CreditPackDto)) },
    },
  }, async () => ok(200, 'Credit packs retrieved successfully', await activeCreditPacks(app.ctx)));

  app.post('/api/wallet/top-up', {
    config: { access: 'user' },
    schema: {
      tags: ['wallet'],
      summary: "Buy a credit pack for the caller's wallet: the hosted payment page for it",
      description:
        'The order keeps the pack\'s terms as they are now. The credit (and any bonus, as a separate entry that may expire) lands ' +
        'once, when the payment provider confirms payment. 404 PACK_UNAVAILABLE for an unknown pack, 409 for one no longer on sale.',
      security: [{ bearerAuth: [] }],
      body: TopUpBody,
      response: { 201: envelopeOf(TopUpDto), ...errorResponses, 503: ErrorEnvelope },
    },
  }, async (request, reply) => {
    const order = await orderTopUp(app.ctx, request.currentUser!, request.body.packId);
    return reply.status(201).send(ok(201, 'Top-up ordered. Redirecting to payment.', order));
  });
};

export default routes;
