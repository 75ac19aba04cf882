import { describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import errors from '../src/plugins/errors.ts';
import auth, { declareStaffGroup } from '../src/plugins/auth.ts';

/** The auth plugin alone, with no accounts: enough to see what it makes of declared access. */
async function appWith(routes: (app: FastifyInstance) => Promise<void>, prefix = '') {
  const app = Fastify();
  await app.register(errors);
  await app.register(auth, { secret: 'x'.repeat(32), expiresIn: '1h', authState: async () => undefined });
  await app.register(routes, { prefix });
  return app;
}

/** The error the app stops with at start-up. */
const startError = (routes: (app: FastifyInstance) => Promise<void>, prefix = '') =>
  appWith(routes, prefix).then((app) => app.ready()).then(() => undefined, (err: Error) => err);

describe('route access', () => {
  it('an /api route that declares no access stops the app at start-up', async () => {
    const err = await startError(async (app) => {
      app.get('/api/forgotten', async () => 'ok');
    });
    expect(err?.message).toMatch(/GET \/api\/forgotten must declare config.access/);
  });

  it('a staff group: each route in it (and in the plugins it registers) declares its staff role, which the table records', async () => {
    const app = await appWith(async (group) => {
      declareStaffGroup(group);
      await group.register(async (inner) => {
        inner.get('/things', { config: { access: 'desk' } }, async () => []);
        inner.delete('/things/:id', { config: { access: 'owner' } }, async () => ({}));
      });
    }, '/api/staff');
    await app.ready();
    expect(app.accessTable).toContainEqual({ method: 'GET', url: '/api/staff/things', access: 'desk' });
    expect(app.accessTable).toContainEqual({ method: 'DELETE', url: '/api/staff/things/:id', access: 'owner' });
    expect((await app.inject({ method: 'GET', url: '/api/staff/things' })).statusCode).toBe(401);
    await app.close();
  });

  it.each([undefined, 'public', 'user', 'admin'])('a route in a staff group that declares %s instead of a staff role stops the app at start-up', async (access) => {
    const err = await startError(async (group) => {
      declareStaffGroup(group);
      group.get('/open', access ? { config: { access: access as 'public' } } : {}, async () => 'ok');
    }, '/api/staff');
    expect(err?.message).toMatch(/GET \/api\/staff\/open is a back-office route: it must declare config.access as a staff role/);
  });
});
