import { staffOnly } from '../../plugins/auth.ts';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccessDeviceBody, AccessDeviceDto, IdParams, ListQuery, NewAccessDeviceDto } from '@courtside/contracts';
import * as devices from '../../services/access-device-service.ts';
import { errorResponses } from '../../http/envelope.ts';
import { sendList } from '../../http/simple-rest.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/devices', {
    config: staffOnly('devices', 'list'),
    schema: {
      summary: 'Door devices (keypads, gates, kiosks); filter by revoked (true/false)',
      querystring: ListQuery,
      response: { 200: Type.Array(AccessDeviceDto), ...errorResponses },
    },
  }, async (request, reply) => sendList(reply, 'devices', await devices.pageDevices(app.ctx, request.query)));

  app.get('/devices/:id', { config: staffOnly('devices', 'list'), schema: { params: IdParams, response: { 200: AccessDeviceDto, ...errorResponses } } },
    async (request) => devices.getDevice(app.ctx, request.params.id));

  app.post('/devices', {
    config: staffOnly('devices', 'create'),
    schema: {
      summary: 'Add a door device; the answer carries its key, shown this once (only its hash is kept)',
      body: AccessDeviceBody,
      response: { 201: NewAccessDeviceDto, ...errorResponses },
    },
  }, async (request, reply) => reply.status(201).send(await devices.createDevice(app.ctx, request.currentUser!, request.body)));

  app.put('/devices/:id', {
    config: staffOnly('devices', 'edit'),
    schema: { summary: "Rename a device or change the facilities it opens", params: IdParams, body: AccessDeviceBody, response: { 200: AccessDeviceDto, ...errorResponses } },
  }, async (request) => devices.updateDevice(app.ctx, request.currentUser!, request.params.id, request.body));

  app.delete('/devices/:id', {
    config: staffOnly('devices', 'delete'),
    schema: { summary: 'Revoke a device: its key stops working at once; the device stays listed as revoked', params: IdParams, response: { 200: AccessDeviceDto, ...errorResponses } },
  }, async (request) => devices.revokeDevice(app.ctx, request.currentUser!, request.params.id));
};

export default routes;
