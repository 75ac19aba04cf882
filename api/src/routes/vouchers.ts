import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RedeemBody, RedeemDto, TopUpDto, VoucherPurchaseBody } from '@courtside/contracts';
import { purchaseVoucher, redeemVoucher } from '../services/voucher-service.ts';
import { ErrorEnvelope, envelopeOf, errorResponses, ok } from '../http/envelope.ts';
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

  app.post('/api/vouchers/purchase', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Buy a gift voucher: the hosted payment page for it',
      description:
        'amount in dollars, from VOUCHER_MIN to VOUCHER_MAX (400 INVALID_AMOUNT naming amount). Once the payment provider confirms payment the voucher is issued, ' +
        'valid VOUCHER_VALID_DAYS, and its code is emailed to recipientEmail (the buyer gets a receipt without it) or, without one, to the buyer.',
      security,
      body: VoucherPurchaseBody,
      response: { 201: envelopeOf(TopUpDto), ...errorResponses, 503: ErrorEnvelope },
    },
  }, async (request, reply) => reply.status(201).send(ok(201, 'Gift voucher ordered. Redirecting to payment.', await purchaseVoucher(app.ctx, request.currentUser!, request.body))));
};

export default routes;
