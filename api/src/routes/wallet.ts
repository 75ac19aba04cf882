import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { WalletDto } from '@courtside/contracts';
import { envelopeOf, errorResponses, ok } from '../http/envelope.ts';
import { walletOf } from '../services/wallet-view.ts';

/** The caller's own wallet: its balance, bonus credit that runs out, and its ledger. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/wallet', {
    config: { access: 'user' },
    schema: {
      tags: ['wallet'],
      summary: "The caller's wallet: balance (the ledger's sum, never below zero), bonus credit that expires, and the latest 100 entries",
      security: [{ bearerAuth: [] }],
      response: { 200: envelopeOf(WalletDto), ...errorResponses },
    },
  }, async (request) => ok(200, 'Wallet retrieved successfully', await walletOf(app.ctx, request.currentUser!.id, { staff: false })));
};

export default routes;
