import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RedeemBody, RedeemDto } from '@courtside/contracts';
import { redeemVoucher } from '../services/voucher-service.ts';
import { envelopeOf, errorResponses, ok } from '../http/envelope.ts';
import { clientOf } from '../http/client.ts';

const security = [{ bearerAuth: [] }];
const tags = ['wallet'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/api/wallet/redeem', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Redeem a gift voucher into your wallet: its value is credited once, to the first account that redeems it',
      description:
        'The code in any case, with or without dashes. 400 VOUCHER_INVALID when it cannot be a code; 404 VOUCHER_INVALID when no voucher has it; ' +
        '409 VOUCHER_REDEEMED (already redeemed, by anyone) or VOUCHER_EXPIRED (past its last day); 429 with Retry-After after too many unknown codes.',
      security,
      body: RedeemBody,
      response: { 200: envelopeOf(RedeemDto), ...errorResponses },
    },
  }, async (request) => ok(200, 'Voucher redeemed: the credit is in your wallet.', await redeemVoucher(app.ctx, request.currentUser!, request.body.code, clientOf(request))));
};

export default routes;
