import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { jwtSecretFor } from './db/jwt-secret.ts';
import { openMigratedDatabase } from './db/open-from-config.ts';
import { ensureFirstAdmin, seedDemoCatalogue } from './services/bootstrap.ts';

/** Configures, prepares the database, listens; everything else lives in app.ts. */
async function main() {
  const config = loadConfig();
  const database = await openMigratedDatabase(config);
  const app = await buildApp({
    config,
    db: database.db,
    jwtSecret: jwtSecretFor(config),
    logger: { level: config.logLevel },
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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests in flight, then stopping`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  // The site's on-demand pages call the API over loopback, not through the public address.
  process.env.COURTSIDE_API_ORIGIN = `http://127.0.0.1:${new URL(address).port}`;
  app.log.info(`Courtside is ready at http://localhost:${config.port}/`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
