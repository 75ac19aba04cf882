import { staffOnly } from '../../plugins/auth.ts';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as usersService from '../../services/user-service.ts';
import { pageUsers } from '../../services/admin-service.ts';
import { withId } from '../../shared/presenters.ts';
import { errorResponses } from '../../http/envelope.ts';
import { sendList } from '../../http/simple-rest.ts';
import { addNote, listNotes } from '../../services/staff-notes.ts';
import { AdminUserDto, IdParams, ListQuery, ListRecord, StaffAccountBody, StaffNoteBody, StaffNoteDto, StaffUserUpdateBody } from '@courtside/contracts';

const Record = ListRecord(AdminUserDto);

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/users', { config: staffOnly('users', 'list'), schema: { querystring: ListQuery, response: { 200: Type.Array(Record), ...errorResponses } } },
    async (request, reply) => sendList(reply, 'users', await pageUsers(app.ctx, request.query)));

  app.get('/users/:id', { config: staffOnly('users', 'list'), schema: { params: IdParams, response: { 200: Record, ...errorResponses } } },
    async (request) => withId(await usersService.getUser(app.ctx, request.params.id)));

  app.post('/users', {
    config: staffOnly('users', 'create'),
    schema: { body: StaffAccountBody, response: { 201: Record, ...errorResponses } },
  }, async (request, reply) => {
    const { role = 'user', ...account } = request.body;
    const user = await usersService.createAccountAsStaff(app.ctx, request.currentUser!, { ...account, photoUrl: account.photoUrl || '/images/avatar.svg' }, role);
    return reply.status(201).send(withId(await usersService.getUser(app.ctx, user._id)));
  });

  app.put('/users/:id', {
    config: staffOnly('users', 'edit'),
    schema: {
      params: IdParams,
      body: StaffUserUpdateBody,
      response: { 200: Record, ...errorResponses },
    },
  }, async (request) => withId(await usersService.editUserAsStaff(app.ctx, request.currentUser!, request.params.id, request.body)));

  app.get('/users/:id/notes', {
    config: staffOnly('users', 'list'),
    schema: { summary: "Staff's notes on this person, newest first (never shown to them)", params: IdParams, response: { 200: Type.Array(StaffNoteDto), ...errorResponses } },
  }, async (request) => listNotes(app.ctx, request.params.id));

  app.post('/users/:id/notes', {
    config: staffOnly('users', 'notes'),
    schema: { summary: 'Add a note to this person\'s record ("pays cash, prefers court 2"); staff-only', params: IdParams, body: StaffNoteBody, response: { 201: StaffNoteDto, ...errorResponses } },
  }, async (request, reply) => reply.status(201).send(await addNote(app.ctx, request.currentUser!, request.params.id, request.body.text)));

  app.delete('/users/:id', { config: staffOnly('users', 'delete'), schema: { summary: 'Deactivate', params: IdParams, response: { 200: Record, ...errorResponses } } },
    async (request) => withId(await usersService.deactivateUser(app.ctx, request.currentUser!, request.params.id)));
};

export default routes;
