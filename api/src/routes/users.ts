import { staffOnly } from '../plugins/auth.ts';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as usersService from '../services/user-service.ts';
import { createAccount } from '../services/auth-service.ts';
import { envelopeOf, errorResponses, ok } from '../http/envelope.ts';
import { ROLE_LABELS, normalizeRole, type Role } from '@courtside/domain';
import { AccountBody, IdParams, RoleBody, UserDto } from '@courtside/contracts';

const security = [{ bearerAuth: [] }];

/** The original product's words for an admin made or unmade; a staff role of its own by name. */
const roleChangedMessage = (role: Role) =>
  role === 'owner' ? 'Admin status granted successfully' : role === 'user' ? 'Admin status removed successfully' : `Role changed to ${ROLE_LABELS[role].toLowerCase()}`;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  for (const url of ['/users', '/api/users']) {
    app.get(url, {
      config: staffOnly('users', 'list'),
      schema: { tags: ['users'], summary: 'All active users', security, response: { 200: envelopeOf(Type.Array(UserDto)), ...errorResponses } },
    }, async () => ok(200, 'Users retrieved successfully', await usersService.listUsers(app.ctx)));
  }

  app.delete('/api/users/:id', {
    config: staffOnly('users', 'delete'),
    schema: { tags: ['users'], summary: 'Deactivate a user (history is kept)', security, params: IdParams, response: { 200: envelopeOf(UserDto), ...errorResponses } },
  }, async (request) => ok(200, 'User deleted successfully', await usersService.deactivateUser(app.ctx, request.currentUser!, request.params.id)));

  app.put('/api/users/:id/role', {
    config: staffOnly('users', 'role'),
    schema: {
      tags: ['users'],
      summary: "Change a user's role (user, desk, manager, owner; 'admin' is an owner). Owners only",
      security,
      params: IdParams,
      body: RoleBody,
      response: { 200: envelopeOf(UserDto), ...errorResponses },
    },
  }, async (request) => {
    const user = await usersService.changeRole(app.ctx, request.currentUser!, request.params.id, normalizeRole(request.body.role));
    return ok(200, roleChangedMessage(user.role), user);
  });

  app.post('/api/users/admin', {
    config: staffOnly('staff', 'create'),
    schema: { tags: ['users'], summary: 'Create an owner account (the original product\'s admin)', security, body: AccountBody, response: { 201: envelopeOf(UserDto), ...errorResponses } },
  }, async (request, reply) => {
    const user = await createAccount(app.ctx, { ...request.body, photoUrl: request.body.photoUrl || '/images/avatar.svg' }, 'owner');
    return reply.status(201).send(ok(201, 'Admin registration successful!', user));
  });
};

export default routes;
