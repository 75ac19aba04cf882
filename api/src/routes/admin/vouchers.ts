import { staffOnly } from '../../plugins/auth.ts';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, ListQuery, VoucherBody, VoucherDto } from '@courtside/contracts';
import * as vouchers from '../../services/voucher-service.ts';
import { errorResponses } from '../../http/envelope.ts';
import { sendList } from '../../http/simple-rest.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/vouchers', {
    config: staffOnly('vouchers', 'list'),
    schema: {
      summary: 'Gift vouchers (never their codes); filter by q (part of the last four characters), redeemed (true or false)',
      querystring: ListQuery,
      response: { 200: Type.Array(VoucherDto), ...errorResponses },
    },
  }, async (request, reply) => sendList(reply, 'vouchers', await vouchers.pageVouchers(app.ctx, request.query)));

  app.get('/vouchers/:id', { config: staffOnly('vouchers', 'list'), schema: { summary: 'One gift voucher (never its code)', params: IdParams, response: { 200: VoucherDto, ...errorResponses } } },
    async (request) => vouchers.getVoucher(app.ctx, request.params.id));

  app.post('/vouchers', {
    config: staffOnly('vouchers', 'create'),
    schema: {
      summary: 'Make a gift voucher: its value, and optionally the last day it can be redeemed. The answer carries its code, the only time it is ever shown',
      body: VoucherBody,
      response: { 201: VoucherDto, ...errorResponses },
    },
  }, async (request, reply) => reply.status(201).send(await vouchers.createVoucher(app.ctx, request.currentUser!, request.body)));
};

export default routes;
