import { describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import errors from '../src/plugins/errors.ts';
import auth, { declareGroupAccess } from '../src/plugins/auth.ts';

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
    expect(err?.message).toMatch(/must declare config.access/);
  });

  it('a route group gives every route in it (and in the plugins it registers) its access', async () => {
    const app = await appWith(async (group) => {
      declareGroupAccess(group, 'admin');
      await group.register(async (inner) => {
        inner.get('/things', async () => []);
      });
    }, '/api/staff');
    await app.ready();
    expect(app.accessTable).toContainEqual({ method: 'GET', url: '/api/staff/things', access: 'admin' });
    expect((await app.inject({ method: 'GET', url: '/api/staff/things' })).statusCode).toBe(401);
    await app.close();
  });

  it('a route that declares another access than its group stops the app at start-up', async () => {
    const err = await startError(async (group) => {
      declareGroupAccess(group, 'admin');
      group.get('/open', { config: { access: 'public' } }, async () => 'ok');
    }, '/api/staff');
    expect(err?.message).toMatch(/declares config.access 'public' in a route group for 'admin'/);
  });
});
