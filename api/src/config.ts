import { isIP } from 'node:net';
import { ACCESS_OPENS_DEFAULT_MINUTES, ACCESS_OPENS_MAX_MINUTES, DEFAULT_SHARE_DUE_HOURS, NO_SHOW_DEFAULTS, currencyProblem, type NoShowSettings, isValidTimeZone, localeProblem, type MoneyFormat } from '@courtside/domain';

/** Everything the server reads from its environment, validated once at boot. */
export interface Config {
  port: number;
  host: string;
  /** Unset: embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Where uploaded photos are kept: UPLOAD_DIR, else DATA_DIR/uploads. */
  uploadDir: string;
  /** The largest photo staff may upload, in bytes (413 above it). */
  uploadMaxBytes: number;
  dbPoolSize: number;
  /** Unset with PGlite: generated once and kept in dataDir. */
  jwtSecret: string | undefined;
  jwtExpiresIn: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  adminName: string;
  seedDemo: boolean;
  defaultTimezone: string;
  holdMinutes: number;
  /** How long a booking staff made with a payment link waits for the customer's payment. */
  linkHoldHours: number;
  cancellationHours: number;
  bookingHorizonDays: number;
  sweepIntervalSeconds: number;
  /**
   * Which X-Forwarded-For entry is the client (TRUST_PROXY): false, the socket's peer; a number,
   * that many proxies in front (1: the right-most entry); a list, proxy addresses and CIDRs
   * (and proxy-addr's names loopback, linklocal, uniquelocal) whose entries are skipped.
   */
  trustProxy: false | number | string[];
  bodyLimitBytes: number;
  logLevel: string;
  loginMaxAttempts: number;
  loginWindowMinutes: number;
  /** Password reset links mailed to one account per 24 hours; past that, a request sends nothing (and answers the same). */
  resetMaxPerDay: number;
  contactMaxMessages: number;
  contactWindowMinutes: number;
  /** Live unpaid holds one customer may have at once (staff are not capped). */
  maxHoldsPerCustomer: number;
  /** How long a waitlist offer is held for its customer (never past the slot's start less the notice). */
  waitlistOfferMinutes: number;
  /** Waiting or offered waitlist entries a customer may have at once. */
  waitlistMaxPerCustomer: number;
  /** A booking paid split: how long before its start the shares still unpaid are charged to its organizer. */
  shareDueHours: number;
  /** The most a desk user refunds on their own (cents); a larger refund needs a manager. */
  deskRefundLimitCents: number;
  /** Active upcoming bookings one customer may have across the venue (null: no limit); facilities may set their own. */
  maxActiveBookings: number | null;
  /** New holds and sign-ups allowed per client IP per window; 0 turns the limit off (load tests). */
  bookingMaxPerIp: number;
  bookingWindowMinutes: number;
  signupMaxPerIp: number;
  signupWindowMinutes: number;
  /** Unknown promo codes one account may try per window (5x that per IP), then 429; 0 turns the limit off. */
  promoMaxGuesses: number;
  promoWindowMinutes: number;
  /** How long before a booking's start its access code opens the door (at most ACCESS_OPENS_MAX_MINUTES). */
  accessOpensMinutes: number;
  /** Wrong access codes one device may send per window (then 429 until the window ends; five times that per day). */
  accessMaxWrong: number;
  accessWrongWindowMinutes: number;
  /** Find a court searches per client per window, in this process (then 429); 0 turns the limit off (load tests). */
  findMaxPerIp: number;
  findWindowSeconds: number;
  /** The bytes Find a court's cached answers may hold in this process (JSON, gzip and what repricing keeps). */
  findCacheMaxBytes: number;
  /** Set when STRIPE_SECRET_KEY is: new checkouts then go to Stripe instead of the sandbox. */
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | undefined;
  /** The site's public address, for links that leave it (payment return pages). */
  publicBaseUrl: string;
  mail: MailConfig;
  /** No-shows (domain no-shows.ts): the grace after a start before a booking nobody checked in is one; NO_SHOW_LIMIT of them (0: off) within the window block online booking for blockDays. */
  noShows: NoShowSettings;
  /** CURRENCY and LOCALE: what every amount is in and how it is written (site, back office, messages, payments). */
  money: MoneyFormat;
  /** WEBHOOK_ALLOW_PRIVATE=1: webhook endpoints may be http: or private/loopback addresses (a receiver on the venue's own network, tests). */
  webhookAllowPrivate: boolean;
  /** How long a webhook receiver has to answer (WEBHOOK_TIMEOUT_SECONDS, default 10) before the attempt counts as failed. */
  webhookTimeoutMs: number;
  /** Webhook events, their deliveries and attempts are kept this many days after the event once none is pending. */
  webhookRetentionDays: number;
  /** The wallet (README "Wallet, packs and vouchers"). */
  wallet: WalletConfig;
}

export interface WalletConfig {
  /** REFUND_TO_WALLET=1: card refunds of a customer's own cancellations go to their wallet instead (the cancel dialog says so). */
  refundToWallet: boolean;
  /** A spend that leaves less than this (WALLET_LOW_BALANCE, dollars; 0: never) tells the customer their credit runs low. */
  lowBalanceCents: number;
  /** What a gift voucher bought online may be worth (VOUCHER_MIN, VOUCHER_MAX, dollars). */
  voucherMinCents: number;
  voucherMaxCents: number;
  /** How long a voucher bought online can be redeemed (VOUCHER_VALID_DAYS). */
  voucherValidDays: number;
}

/** Outgoing email: an SMTP relay when smtpUrl is set, else .eml files in dir (nothing leaves the machine). */
export interface MailConfig {
  smtpUrl: string | undefined;
  from: string;
  /** Where staff notices go; unset: every active admin. */
  staffEmail: string | undefined;
  dir: string;
  /** How long before a booking its reminder goes; 0: no reminders. */
  reminderHours: number;
  retentionDays: number;
  /** What messages sign with. */
  venue: { name: string; address: string; contact: string };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/** Reads settings by name, noting every problem instead of stopping at the first. */
function readerOf(env: Env, problems: string[]) {
  const str = (name: string): string | undefined => (env[name] === '' ? undefined : env[name]);
  return {
    str,
    int(name: string, fallback: number, min: number, max: number): number {
      const raw = env[name];
      if (raw === undefined || raw === '') return fallback;
      const n = Number(raw);
      if (!Number.isInteger(n) || n < min || n > max) {
        problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
        return fallback;
      }
      return n;
    },
    bool(name: string, fallback: boolean): boolean {
      const raw = env[name]?.toLowerCase();
      if (raw === undefined || raw === '') return fallback;
      if (['1', 'true', 'yes'].includes(raw)) return true;
      if (['0', 'false', 'no'].includes(raw)) return false;
      problems.push(`${name} must be 1/0, true/false or yes/no (got "${env[name]}")`);
      return fallback;
    },
    email(name: string): string | undefined {
      const value = str(name);
      if (value !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) problems.push(`${name} is not an email address`);
      return value;
    },
    httpUrl(name: string): string | undefined {
      const value = str(name);
      if (value !== undefined && !(URL.canParse(value) && /^https?:$/.test(new URL(value).protocol))) problems.push(`${name} must be an http(s) URL`);
      return value;
    },
  };
}
type Reader = ReturnType<typeof readerOf>;

function databaseSettings(read: Reader, problems: string[]) {
  const databaseUrl = read.str('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  const jwtSecret = read.str('JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) problems.push('JWT_SECRET must be at least 32 characters long');
  if (databaseUrl && jwtSecret === undefined) {
    problems.push('JWT_SECRET is required with DATABASE_URL (every API process must share it); generate one with: openssl rand -hex 32');
  }
  return { databaseUrl, jwtSecret };
}

function paymentSettings(read: Reader, problems: string[]): Pick<Config, 'stripe' | 'publicBaseUrl'> {
  const secretKey = read.str('STRIPE_SECRET_KEY');
  const webhookSecret = read.str('STRIPE_WEBHOOK_SECRET');
  const apiBase = read.httpUrl('STRIPE_API_BASE');
  if (secretKey && !webhookSecret) problems.push('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY (the webhook confirms payments)');
  if (!secretKey && webhookSecret) problems.push('STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY');
  const publicBaseUrl = read.httpUrl('PUBLIC_BASE_URL');
  // Stripe sends customers back to this address: a guessed default would strand them after paying.
  if (secretKey && publicBaseUrl === undefined) problems.push('PUBLIC_BASE_URL is required with STRIPE_SECRET_KEY (where Stripe sends customers back, e.g. https://courts.example.com)');
  return {
    stripe: secretKey && webhookSecret ? { secretKey, webhookSecret, apiBase } : undefined,
    publicBaseUrl: publicBaseUrl ?? `http://localhost:${read.str('PORT') ?? 3000}`,
  };
}

function mailSettings(read: Reader, problems: string[]): MailConfig {
  const smtpUrl = read.str('SMTP_URL');
  if (smtpUrl !== undefined && !(URL.canParse(smtpUrl) && /^smtps?:$/.test(new URL(smtpUrl).protocol))) problems.push('SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465');
  const from = read.str('MAIL_FROM') ?? 'Courtside <no-reply@localhost>';
  if (!/^[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/.test(from)) problems.push('MAIL_FROM must be an address, optionally with a name: Courtside <no-reply@example.com>');
  const staffEmail = read.email('STAFF_EMAIL');
  return {
    smtpUrl,
    from,
    staffEmail,
    dir: read.str('MAIL_DIR') ?? `${read.str('DATA_DIR') ?? './data'}/mail`,
    reminderHours: read.int('REMINDER_HOURS', 24, 0, 24 * 30),
    retentionDays: read.int('MAIL_RETENTION_DAYS', 90, 1, 3650),
    venue: { name: read.str('VENUE_NAME') ?? 'Courtside', address: read.str('VENUE_ADDRESS') ?? '', contact: read.str('VENUE_CONTACT') ?? staffEmail ?? '' },
  };
}

function moneySettings(read: Reader, problems: string[]): MoneyFormat {
  const currency = (read.str('CURRENCY') ?? 'USD').toUpperCase();
  const locale = read.str('LOCALE') ?? 'en-US';
  const badCurrency = currencyProblem(currency);
  if (badCurrency) problems.push(`CURRENCY "${currency}" ${badCurrency}`);
  const badLocale = localeProblem(locale);
  if (badLocale) problems.push(`LOCALE "${locale}" ${badLocale}`);
  return { currency, locale };
}

/** The names proxy-addr (Fastify's trustProxy) knows besides addresses. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: unset or 0, no proxy; a number of proxy hops; or a comma-separated list of proxy
 * addresses and CIDRs. "true" (every hop) is refused: the left-most entry is the client's own.
 */
function trustProxySetting(raw: string | undefined, problems: string[]): Config['trustProxy'] {
  if (raw === undefined || raw.trim() === '' || raw.trim() === '0') return false;
  const value = raw.trim();
  if (/^\d+$/.test(value) && Number(value) <= 20) return Number(value);
  const entries = value.split(',').map((e) => e.trim());
  const valid = (entry: string) => {
    if (PROXY_RANGE_NAMES.includes(entry)) return true;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
  };
  if (entries.every(valid)) return entries;
  problems.push(`TRUST_PROXY must be 0 (no proxy), the number of proxies in front (1: one), or a comma-separated list of proxy addresses or CIDRs (got "${raw}")`);
  return false;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads and checks the environment; every problem is listed in one clear error. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read = readerOf(env, problems);
  const { int, bool, str } = read;

  const defaultTimezone = str('DEFAULT_TIMEZONE') ?? 'America/New_York';
  if (!isValidTimeZone(defaultTimezone)) problems.push(`DEFAULT_TIMEZONE "${defaultTimezone}" is not an IANA time zone`);
  const adminEmail = read.email('ADMIN_EMAIL');
  const adminPassword = str('ADMIN_PASSWORD');
  if (adminPassword !== undefined && adminEmail === undefined) problems.push('ADMIN_PASSWORD is set without ADMIN_EMAIL');
  const logLevel = str('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);

  const config: Config = {
    port: int('PORT', 3000, 0, 65535),
    host: str('HOST') ?? '0.0.0.0',
    ...databaseSettings(read, problems),
    dataDir: str('DATA_DIR') ?? './data',
    uploadDir: str('UPLOAD_DIR') ?? `${str('DATA_DIR') ?? './data'}/uploads`,
    uploadMaxBytes: int('UPLOAD_MAX_BYTES', 8 * 1024 * 1024, 10_000, 50 * 1024 * 1024),
    dbPoolSize: int('DB_POOL_SIZE', 10, 1, 200),
    jwtExpiresIn: str('JWT_EXPIRES_IN') ?? '12h',
    adminEmail,
    adminPassword,
    adminName: str('ADMIN_NAME') ?? 'Venue Admin',
    seedDemo: bool('SEED_DEMO', true),
    defaultTimezone,
    holdMinutes: int('HOLD_MINUTES', 15, 1, 24 * 60),
    linkHoldHours: int('LINK_HOLD_HOURS', 24, 1, 24 * 14),
    cancellationHours: int('CANCELLATION_HOURS', 24, 0, 24 * 30),
    bookingHorizonDays: int('BOOKING_HORIZON_DAYS', 60, 1, 730),
    sweepIntervalSeconds: int('SWEEP_INTERVAL_SECONDS', 30, 1, 3600),
    trustProxy: trustProxySetting(env.TRUST_PROXY, problems),
    bodyLimitBytes: int('BODY_LIMIT_BYTES', 100_000, 1_000, 10_000_000),
    logLevel,
    loginMaxAttempts: int('LOGIN_MAX_ATTEMPTS', 10, 1, 10_000),
    loginWindowMinutes: int('LOGIN_WINDOW_MINUTES', 15, 1, 24 * 60),
    resetMaxPerDay: int('RESET_MAX_PER_DAY', 5, 1, 1000),
    contactMaxMessages: int('CONTACT_MAX_MESSAGES', 5, 1, 10_000),
    contactWindowMinutes: int('CONTACT_WINDOW_MINUTES', 10, 1, 24 * 60),
    maxHoldsPerCustomer: int('MAX_HOLDS_PER_CUSTOMER', 4, 1, 10_000),
    waitlistOfferMinutes: int('WAITLIST_OFFER_MINUTES', 20, 1, 24 * 60),
    waitlistMaxPerCustomer: int('WAITLIST_MAX_PER_CUSTOMER', 10, 1, 1000),
    shareDueHours: int('SHARE_DUE_HOURS', DEFAULT_SHARE_DUE_HOURS, 1, 24 * 14),
    deskRefundLimitCents: int('DESK_REFUND_LIMIT', 50, 0, 1_000_000) * 100,
    maxActiveBookings: str('MAX_ACTIVE_BOOKINGS') === undefined ? null : int('MAX_ACTIVE_BOOKINGS', 0, 1, 10_000),
    bookingMaxPerIp: int('BOOKING_MAX_PER_IP', 120, 0, 1_000_000),
    bookingWindowMinutes: int('BOOKING_WINDOW_MINUTES', 10, 1, 24 * 60),
    signupMaxPerIp: int('SIGNUP_MAX_PER_IP', 10, 0, 1_000_000),
    signupWindowMinutes: int('SIGNUP_WINDOW_MINUTES', 60, 1, 24 * 60),
    promoMaxGuesses: int('PROMO_MAX_GUESSES', 10, 0, 1_000_000),
    promoWindowMinutes: int('PROMO_WINDOW_MINUTES', 15, 1, 24 * 60),
    accessOpensMinutes: int('ACCESS_OPENS_MINUTES', ACCESS_OPENS_DEFAULT_MINUTES, 0, ACCESS_OPENS_MAX_MINUTES),
    accessMaxWrong: int('ACCESS_MAX_WRONG', 10, 1, 100),
    accessWrongWindowMinutes: int('ACCESS_WRONG_WINDOW_MINUTES', 15, 1, 24 * 60),
    findMaxPerIp: int('FIND_MAX_PER_IP', 120, 0, 1_000_000),
    findWindowSeconds: int('FIND_WINDOW_SECONDS', 60, 1, 24 * 3600),
    findCacheMaxBytes: int('FIND_CACHE_MAX_MB', 32, 1, 16_384) * 1024 * 1024,
    ...paymentSettings(read, problems),
    mail: mailSettings(read, problems),
    money: moneySettings(read, problems),
    noShows: {
      graceMinutes: int('NO_SHOW_GRACE_MINUTES', NO_SHOW_DEFAULTS.graceMinutes, 0, 24 * 60),
      limit: int('NO_SHOW_LIMIT', NO_SHOW_DEFAULTS.limit, 0, 1000),
      windowDays: int('NO_SHOW_WINDOW_DAYS', NO_SHOW_DEFAULTS.windowDays, 1, 366),
      blockDays: int('NO_SHOW_BLOCK_DAYS', NO_SHOW_DEFAULTS.blockDays, 1, 366),
    },
    webhookAllowPrivate: bool('WEBHOOK_ALLOW_PRIVATE', false),
    webhookTimeoutMs: int('WEBHOOK_TIMEOUT_SECONDS', 10, 1, 30) * 1000,
    webhookRetentionDays: int('WEBHOOK_RETENTION_DAYS', 30, 1, 3650),
    wallet: {
      refundToWallet: bool('REFUND_TO_WALLET', false),
      lowBalanceCents: int('WALLET_LOW_BALANCE', 10, 0, 100_000) * 100,
      voucherMinCents: int('VOUCHER_MIN', 10, 1, 100_000) * 100,
      voucherMaxCents: int('VOUCHER_MAX', 500, 1, 100_000) * 100,
      voucherValidDays: int('VOUCHER_VALID_DAYS', 365, 1, 3650),
    },
  };
  if (config.wallet.voucherMinCents > config.wallet.voucherMaxCents) problems.push('VOUCHER_MIN must not be more than VOUCHER_MAX.');
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
  return config;
}
