import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as auth from '../services/auth-service.ts';
import { FORGOT_PASSWORD_ANSWER, passwordResetsSettled, requestPasswordReset, resetPassword } from '../services/password-reset-service.ts';
import { envelopeOf, errorResponses, ok, okWithToken, tokenEnvelopeOf } from '../http/envelope.ts';
import { ChangePasswordBody, ForgotPasswordBody, ResetPasswordBody } from '@courtside/contracts';
import { clientOf } from '../http/client.ts';

/** Passwords: a forgotten one reset by an emailed link, a known one changed. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  // A reset's email is queued after its answer; the app closes only once every one is.
  app.addHook('onClose', () => passwordResetsSettled(app.ctx));

  app.post('/api/auth/forgot-password', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Email a password reset link; the same answer whether or not the account exists',
      body: ForgotPasswordBody,
      response: { 200: envelopeOf(Type.Null()), ...errorResponses },
    },
  }, async (request) => {
    await requestPasswordReset(app.ctx, request.body.email, clientOf(request), (err) => request.log.error({ err }, 'password reset not queued'));
    return ok(200, FORGOT_PASSWORD_ANSWER, null);
  });

  app.post('/api/auth/reset-password', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Set a new password with the emailed token (once, within 30 minutes); signs out every session',
      body: ResetPasswordBody,
      response: { 200: envelopeOf(Type.Null()), ...errorResponses },
    },
  }, async (request) => {
    await resetPassword(app.ctx, request.body.token, request.body.password);
    return ok(200, 'Your password has been changed. Sign in with the new one.', null);
  });

  app.post('/api/auth/change-password', {
    config: { access: 'user' },
    schema: {
      tags: ['auth'],
      summary: 'Change the password (the current one required); signs out every other session and returns a fresh token for this one',
      security: [{ bearerAuth: [] }],
      body: ChangePasswordBody,
      response: { 200: tokenEnvelopeOf(Type.Null()), ...errorResponses },
    },
  }, async (request) => {
    const claims = await auth.changePassword(app.ctx, request.currentUser!.id, request.body.currentPassword, request.body.newPassword);
    return okWithToken('Password changed; other sessions are signed out', app.issueToken(claims), null);
  });
};

export default routes;
