import Fastify, { type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { fileURLToPath } from 'node:url';
import { createHmac } from 'node:crypto';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { ChangeFeed } from './db/change-feed.ts';
import { installCaches } from './services/caches.ts';
import type { ServiceContext } from './shared/context.ts';
import { SandboxProvider } from './payments/providers/sandbox.ts';
import { StripeProvider } from './payments/providers/stripe.ts';
import { DeskProvider } from './payments/providers/desk.ts';
import { PaymentProviders } from './payments/providers/provider.ts';
import errors, { frameworkErrors } from './plugins/errors.ts';
import { responseSerializers } from './http/serialization.ts';
import { requestValidators } from './http/validation.ts';
import security from './plugins/security.ts';
import { refuseFormBodies } from './plugins/form-posts.ts';
import { jsonBodies } from './plugins/json-bodies.ts';
import auth from './plugins/auth.ts';
import { authStateOf } from './services/auth-state.ts';
import swagger from './plugins/swagger.ts';
import sweeper from './plugins/sweeper.ts';
import authRoutes from './routes/auth.ts';
import passwordRoutes from './routes/password.ts';
import facilityRoutes from './routes/facilities.ts';
import availabilityRoutes from './routes/availability.ts';
import bookingRoutes from './routes/bookings.ts';
import waitlistRoutes from './routes/waitlist.ts';
import playerRoutes from './routes/players.ts';
import orderRoutes from './routes/orders.ts';
import userRoutes from './routes/users.ts';
import contactRoutes from './routes/contact.ts';
import healthRoutes from './routes/health.ts';
import settingsRoutes from './routes/settings.ts';
import calendarRoutes from './routes/calendar.ts';
import sandboxPayRoutes from './routes/sandbox-pay.ts';
import uploadRoutes from './routes/uploads.ts';
import stripeWebhookRoutes from './routes/payments-stripe.ts';
import reviewRoutes from './routes/reviews.ts';
import accessRoutes from './routes/access.ts';
import voucherRoutes from './routes/vouchers.ts';
import creditPackRoutes from './routes/credit-packs.ts';
import walletRoutes from './routes/wallet.ts';
import site, { SITE_CSP, siteBuilt, siteNotFoundPage } from './plugins/site.ts';
import adminApi from './routes/admin/index.ts';
import sitePlaceholder from './plugins/site-placeholder.ts';
import backOffice, { backOfficePlaceholder } from './plugins/back-office.ts';
import { RequestLogController } from './plugins/request-log.ts';
import { trustProxyOption } from './http/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServiceContext;
  }
}

export interface AppOptions {
  config: Config;
  db: Db;
  jwtSecret: string;
  clock?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** The background jobs (plugins/sweeper.ts: holds, refunds, mail); tests call them directly instead. */
  sweeper?: boolean;
  /** Mount the built public site (site/dist) when it exists; API tests leave it out. */
  site?: boolean;
  /**
   * The database's change feed (db/change-feed.ts): turns on the in-memory caches it keeps
   * correct. The app closes it. Without one, every request reads the database.
   */
  changes?: ChangeFeed;
}

const imagesDir = fileURLToPath(new URL('../public/images/', import.meta.url));
const siteDist = fileURLToPath(new URL('../../site/dist/', import.meta.url));
const adminDist = fileURLToPath(new URL('../../admin/dist/', import.meta.url));

/** The whole application as one Fastify instance; tests build exactly this, without a port. */
export async function buildApp(opts: AppOptions) {
  const app = Fastify({
    logger: opts.logger ?? false,
    // One line per completed request instead of Fastify's two (plugins/request-log.ts).
    logController: new RequestLogController(),
    bodyLimit: opts.config.bodyLimitBytes,
    trustProxy: trustProxyOption(opts.config.trustProxy),
    return503OnClosing: true,
    frameworkErrors,
    // Bodies are checked as sent (no "12" -> 12, no null -> 0); query strings and paths are coerced.
    // Each response schema is compiled once per process (http/serialization.ts).
    schemaController: { compilersFactory: { buildValidator: requestValidators(), buildSerializer: responseSerializers() } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const sandbox = new SandboxProvider(createHmac('sha256', opts.jwtSecret).update('sandbox-payments').digest('hex'));
  // New checkouts go to Stripe when it is configured; the sandbox stays to serve (and refund) its own orders.
  const stripe = opts.config.stripe ? new StripeProvider({ ...opts.config.stripe, publicBaseUrl: opts.config.publicBaseUrl, currency: opts.config.money.currency }) : undefined;
  const desk = new DeskProvider();
  const payments = stripe ? new PaymentProviders(stripe, [sandbox, desk]) : new PaymentProviders(sandbox, [desk]);
  app.decorate('ctx', { db: opts.db, config: opts.config, clock: opts.clock ?? (() => new Date()), payments });
  installCaches(app.ctx, opts.changes);
  if (opts.changes) app.addHook('onClose', () => opts.changes!.close());

  const withSite = opts.site === true && siteBuilt(siteDist);
  await app.register(errors, withSite ? { notFoundHtml: siteNotFoundPage(siteDist), notFoundCsp: SITE_CSP } : {});
  await app.register(security);
  // JSON only, but where a page of ours posts a form (the sandbox pay page: see its routes).
  await app.register(jsonBodies);
  await app.register(refuseFormBodies);
  await app.register(auth, { secret: opts.jwtSecret, expiresIn: opts.config.jwtExpiresIn, authState: (id) => authStateOf(app.ctx, id) });
  await app.register(swagger);
  await app.register(fastifyStatic, { root: imagesDir, prefix: '/images/', wildcard: false, index: false, decorateReply: false });

  for (const routes of [authRoutes, passwordRoutes, facilityRoutes, availabilityRoutes, bookingRoutes, waitlistRoutes, playerRoutes, orderRoutes, userRoutes, contactRoutes, healthRoutes, settingsRoutes, calendarRoutes, reviewRoutes, uploadRoutes, accessRoutes, creditPackRoutes, walletRoutes, voucherRoutes]) {
    await app.register(routes);
  }
  await app.register(adminApi, { prefix: '/api/admin' });
  await app.register(sandboxPayRoutes, { sandbox });
  if (stripe) await app.register(stripeWebhookRoutes, { stripe });
  // Until the site is built, stand-in pages keep / and the payment return links alive.
  await app.register(withSite ? site : sitePlaceholder, { distDir: siteDist });
  // The built back office is mounted with the site; API tests keep the stand-in.
  await app.register(opts.site === true ? backOffice : backOfficePlaceholder, { distDir: adminDist });
  if (opts.sweeper) await app.register(sweeper, { intervalSeconds: opts.config.sweepIntervalSeconds });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
