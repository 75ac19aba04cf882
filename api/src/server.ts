import net from 'node:net';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { jwtSecretFor } from './db/jwt-secret.ts';
import { openMigratedDatabase } from './db/open-from-config.ts';
import { openChangeFeedFor } from './db/change-feed.ts';
import { ensureFirstAdmin, seedDemoCatalogue } from './services/bootstrap.ts';
import { transportFor } from './mail/transport.ts';
import { serverLogger } from './plugins/request-log.ts';
import { PRIVATE_UMASK } from './db/private-files.ts';

/** After SIGTERM, how long open connections are still served (each answer closing its connection). */
const DRAIN_MS = 1_000;

/** Configures, prepares the database, listens; everything else lives in app.ts. */
async function main() {
  // Everything this process writes (DATA_DIR: PGlite's files as it adds them, the JWT secret,
  // the lock, the .eml files) is its owner's alone, whatever umask the host gave it.
  process.umask(PRIVATE_UMASK);
  const config = loadConfig();
  const database = await openMigratedDatabase(config);
  const changes = await openChangeFeedFor(database, (err) => console.error(`change feed: ${err.message} (caches off until it reconnects)`));
  const app = await buildApp({
    changes,
    config,
    db: database.db,
    jwtSecret: jwtSecretFor(config),
    logger: serverLogger(config.logLevel),
    sweeper: true,
    site: true,
  });

  if (config.seedDemo) {
    const seeded = await seedDemoCatalogue(app.ctx);
    if (seeded) app.log.info(`seeded a demo catalogue of ${seeded} facilities`);
  }
  const admin = await ensureFirstAdmin(app.ctx);
  if (admin?.generatedPassword) {
    console.log(
      `\n  First admin created. Sign in with\n    email:    ${admin.email}\n    password: ${admin.generatedPassword}\n` +
        '  This password is shown only once: keep it, or set ADMIN_EMAIL and ADMIN_PASSWORD next time.\n',
    );
  } else if (admin) {
    app.log.info(`first admin ready: ${admin.email}`);
  }

  if (!config.stripe) {
    // Said once, loudly: a venue must not go live believing it takes money.
    app.log.warn('payments: SANDBOX mode, no money moves (customers "pay" on /pay/<order>). Set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and PUBLIC_BASE_URL to take real payments.');
  }

  // Where mail goes, said once: without SMTP_URL nothing leaves the machine.
  app.log.info(transportFor(config.mail).description);

  let closing = false;
  // While draining, every answer closes its connection: the client opens a new one for its
  // next request, which is refused, instead of reusing a socket we are about to close.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests in flight, then stopping`);
    // Stop accepting connections first (new ones are refused), but keep the open keep-alive
    // ones for a moment: closing an idle one races with a request the client is sending down
    // it, which then gets a reset. (http's own close() would close idle ones at once.)
    net.Server.prototype.close.call(app.server);
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
    // Whatever happens below, the process is gone within 10 s.
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting anyway');
      process.exit(1);
    }, 10_000);
    force.unref();
    let code = 0;
    // Then finish requests in flight (any newer one gets a 503), close what is left, then the pool.
    for (const [what, close] of [['server', () => app.close()], ['database', () => database.close()]] as const) {
      try {
        await close();
      } catch (err) {
        app.log.error({ err }, `closing the ${what} failed`);
        code = 1;
      }
    }
    // (The log lines still queued are written as the process exits: plugins/request-log.ts.)
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Courtside is ready at http://localhost:${config.port}/`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
