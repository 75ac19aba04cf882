import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PayPageForm, PayPageParams } from '@courtside/contracts';
import { DomainError } from '@courtside/domain';
import { abandonCheckout, orderSummary } from '../payments/checkout.ts';
import { applyPayment } from '../payments/settlement.ts';
import type { SandboxProvider } from '../payments/providers/sandbox.ts';
import { renderPayPage } from '../payments/providers/sandbox-page.ts';
import { acceptOwnFormPosts } from '../plugins/form-posts.ts';

/** The sandbox provider's hosted payment page, served by us because it is offline; orders of other providers are not found here. */
const routes: FastifyPluginAsyncTypebox<{ sandbox: SandboxProvider }> = async (app, { sandbox }) => {
  // The page's Pay and Cancel buttons are plain HTML forms.
  await app.register(acceptOwnFormPosts);

  app.get('/pay/:orderId', {
    config: { access: 'public' },
    schema: { hide: true, params: PayPageParams },
  }, async (request, reply) => {
    const order = await orderSummary(app.ctx, sandbox.name, request.params.orderId);
    return reply.type('text/html; charset=utf-8').send(renderPayPage(order, sandbox.sign(order.id), app.ctx.config.money));
  });

  app.post('/pay/:orderId/confirm', {
    config: { access: 'public' },
    schema: { hide: true, params: PayPageParams, body: PayPageForm },
  }, async (request, reply) => {
    const { orderId } = request.params;
    if (!sandbox.verify(orderId, request.body.signature)) {
      throw new DomainError('invalid', 'BAD_SIGNATURE', 'This payment confirmation is not valid.', 'signature');
    }
    const outcome = await applyPayment(app.ctx, { provider: sandbox.name, eventId: `pay:${orderId}`, orderId, beforeCharging: true }).catch((err: unknown) => {
      // A page left open past its expiry: back to it, where it now says nothing was charged.
      if (err instanceof DomainError && err.code === 'CHECKOUT_CLOSED') return 'closed' as const;
      throw err;
    });
    if (outcome === 'closed') return reply.redirect(`/pay/${orderId}`, 303);
    const status = outcome === 'flagged' || outcome === 'refunded' ? 'refunded' : 'success';
    return reply.redirect(`/payment/${status}?order=${orderId}`, 303);
  });

  app.post('/pay/:orderId/cancel', {
    config: { access: 'public' },
    schema: { hide: true, params: PayPageParams, body: PayPageForm },
  }, async (request, reply) => {
    const { orderId } = request.params;
    if (!sandbox.verify(orderId, request.body.signature)) {
      throw new DomainError('invalid', 'BAD_SIGNATURE', 'This payment cancellation is not valid.', 'signature');
    }
    await abandonCheckout(app.ctx, sandbox.name, orderId);
    return reply.redirect(`/payment/cancelled?order=${orderId}`, 303);
  });
};

export default routes;
