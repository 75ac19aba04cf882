import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as usersService from '../services/user-service.ts';
import { createAccount } from '../services/auth-service.ts';
import { envelopeOf, errorResponses, ok } from '../http/envelope.ts';
import { AccountBody, IdParams, RoleBody, UserDto } from '@courtside/contracts';

const admin = { access: 'admin' as const };
const security = [{ bearerAuth: [] }];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  for (const url of ['/users', '/api/users']) {
    app.get(url, {
      config: admin,
      schema: { tags: ['users'], summary: 'All active users', security, response: { 200: envelopeOf(Type.Array(UserDto)), ...errorResponses } },
    }, async () => ok(200, 'Users retrieved successfully', await usersService.listUsers(app.ctx)));
  }

  app.delete('/api/users/:id', {
    config: admin,
    schema: { tags: ['users'], summary: 'Deactivate a user (history is kept)', security, params: IdParams, response: { 200: envelopeOf(UserDto), ...errorResponses } },
  }, async (request) => ok(200, 'User deleted successfully', await usersService.deactivateUser(app.ctx, request.currentUser!, request.params.id)));

  app.put('/api/users/:id/role', {
    config: admin,
    schema: {
      tags: ['users'],
      summary: 'Promote to admin or demote to user',
      security,
      params: IdParams,
      body: RoleBody,
      response: { 200: envelopeOf(UserDto), ...errorResponses },
    },
  }, async (request) => {
    const user = await usersService.changeRole(app.ctx, request.currentUser!, request.params.id, request.body.role);
    return ok(200, user.role === 'admin' ? 'Admin status granted successfully' : 'Admin status removed successfully', user);
  });

  app.post('/api/users/admin', {
    config: admin,
    schema: { tags: ['users'], summary: 'Create an admin account', security, body: AccountBody, response: { 201: envelopeOf(UserDto), ...errorResponses } },
  }, async (request, reply) => {
    const user = await createAccount(app.ctx, { ...request.body, photoUrl: request.body.photoUrl || '/images/avatar.svg' }, 'admin');
    return reply.status(201).send(ok(201, 'Admin registration successful!', user));
  });
};

export default routes;
