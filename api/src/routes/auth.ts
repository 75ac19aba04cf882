import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as auth from '../services/auth-service.ts';
import { envelopeOf, errorResponses, ok, okWithToken, tokenEnvelopeOf } from '../http/envelope.ts';
import { AccountBody, ProfileBody, SignInBody, UserDto } from '@courtside/contracts';
import { clientOf } from '../http/client.ts';

// The seed's sign-up form sends a fixed photo; an entered one wins, else this avatar.
const DEFAULT_PHOTO = '/images/avatar.svg';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/api/auth/signup', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Create a customer account (the role is always user)',
      body: AccountBody,
      response: { 201: envelopeOf(UserDto), ...errorResponses },
    },
  }, async (request, reply) => {
    const user = await auth.signup(app.ctx, { ...request.body, photoUrl: request.body.photoUrl || DEFAULT_PHOTO }, clientOf(request));
    return reply.status(201).send(ok(201, 'User registered successfully', user));
  });

  app.post('/api/auth/login', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Sign in; returns a bearer token',
      body: SignInBody,
      response: { 200: tokenEnvelopeOf(UserDto), ...errorResponses },
    },
  }, async (request) => {
    const { user, claims } = await auth.login(app.ctx, request.body.email, request.body.password, clientOf(request));
    return okWithToken('User logged in successfully', app.issueToken(claims), user);
  });

  app.get('/api/auth/me', {
    config: { access: 'user' },
    schema: { tags: ['auth'], summary: 'The signed-in user', security: [{ bearerAuth: [] }], response: { 200: envelopeOf(UserDto), ...errorResponses } },
  }, async (request) => ok(200, 'Profile retrieved successfully', await auth.profile(app.ctx, request.currentUser!.id)));

  app.put('/api/auth/me', {
    config: { access: 'user' },
    schema: {
      tags: ['auth'],
      summary: 'Edit the profile (name, phone, address, photo, email reminders; optionally the password)',
      security: [{ bearerAuth: [] }],
      body: ProfileBody,
      response: { 200: envelopeOf(UserDto), ...errorResponses },
    },
  }, async (request) => {
    const { currentPassword, newPassword, ...profile } = request.body;
    const userId = request.currentUser!.id;
    if (newPassword !== undefined) await auth.changePassword(app.ctx, userId, currentPassword ?? '', newPassword);
    return ok(200, 'Profile updated successfully', await auth.updateProfile(app.ctx, userId, profile));
  });

  app.post('/api/auth/logout', {
    config: { access: 'user' },
    schema: { tags: ['auth'], summary: 'Sign out everywhere (revokes every token issued so far)', security: [{ bearerAuth: [] }], response: { 200: envelopeOf(Type.Null()), ...errorResponses } },
  }, async (request) => {
    await auth.logout(app.ctx, request.currentUser!.id);
    return ok(200, 'Logged out successfully', null);
  });
};

export default routes;
