import { staffOnly } from '../../plugins/auth.ts';
import { createCustomerAtDesk, inviteStaff } from '../../services/staff-service.ts';
import { pageAudit } from '../../services/audit.ts';
import { withId } from '../../shared/presenters.ts';
import { errorResponses } from '../../http/envelope.ts';
import { sendList } from '../../http/simple-rest.ts';
import { AdminUserDto, AuditEntryDto, DeskCustomerBody, ListQuery, ListRecord, StaffInviteBody } from '@courtside/contracts';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** The venue's people and what they did: staff invitations and the audit log (an owner's), customers made at the desk. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/staff', {
    config: staffOnly('staff', 'create'),
    schema: {
      summary: 'Invite someone to the back office with a staff role; they get an email to choose their password',
      body: StaffInviteBody,
      response: { 201: ListRecord(AdminUserDto), ...errorResponses },
    },
  }, async (request, reply) => reply.status(201).send(withId(await inviteStaff(app.ctx, request.currentUser!, request.body))));

  app.post('/customers', {
    config: staffOnly('users', 'create'),
    schema: {
      summary: 'Make a customer account at the desk (name, and an email or a phone): no password; with an email they get a link to choose one. Book for them at once',
      body: DeskCustomerBody,
      response: { 201: ListRecord(AdminUserDto), ...errorResponses },
    },
  }, async (request, reply) => reply.status(201).send(withId(await createCustomerAtDesk(app.ctx, request.body))));

  app.get('/audit', {
    config: staffOnly('audit', 'list'),
    schema: {
      summary: 'Who did what to money, roles, prices and policies, newest first (read-only: entries are never changed)',
      querystring: ListQuery,
      response: { 200: Type.Array(AuditEntryDto), ...errorResponses },
    },
  }, async (request, reply) => sendList(reply, 'audit', await pageAudit(app.ctx, request.query)));
};

export default routes;
