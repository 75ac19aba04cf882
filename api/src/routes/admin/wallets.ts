import { staffOnly } from '../../plugins/auth.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DeskTopUpBody, IdParams, WalletAdjustBody, WalletDto } from '@courtside/contracts';
import { errorResponses } from '../../http/envelope.ts';
import { adjustWallet, deskTopUp } from '../../services/wallet-desk-service.ts';
import { walletOf } from '../../services/wallet-view.ts';

/** A customer's wallet on their page in the back office: read it, top it up at the desk, correct it. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/users/:id/wallet', {
    config: staffOnly('users', 'list'),
    schema: { summary: "A customer's wallet: balance, bonus credit that runs out, the latest entries with the staff behind each", params: IdParams, response: { 200: WalletDto, ...errorResponses } },
  }, async (request) => walletOf(app.ctx, request.params.id, { staff: true }));

  app.post('/users/:id/wallet/top-up', {
    config: staffOnly('users', 'wallet-top-up'),
    schema: {
      summary: 'Credit paid for at the desk (a pack on sale, or an amount at face value; cash or card): counted in the cash-up, audited, emailed to the customer',
      params: IdParams,
      body: DeskTopUpBody,
      response: { 200: WalletDto, ...errorResponses },
    },
  }, async (request) => deskTopUp(app.ctx, request.currentUser!, request.params.id, request.body));

  app.post('/users/:id/wallet/adjust', {
    config: staffOnly('users', 'wallet-adjust'),
    schema: {
      summary: 'Correct a balance up or down with the reason the customer reads (409 INSUFFICIENT_CREDIT, naming the balance, when a debit is more than it)',
      params: IdParams,
      body: WalletAdjustBody,
      response: { 200: WalletDto, ...errorResponses },
    },
  }, async (request) => adjustWallet(app.ctx, request.currentUser!, request.params.id, request.body));
};

export default routes;
