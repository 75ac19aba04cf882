import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

/** The settings check (no database): defaults, and every problem named in one error. */
describe('loadConfig', () => {
  it('starts from sensible defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, holdMinutes: 15, bookingHorizonDays: 60, stripe: undefined, publicBaseUrl: 'http://localhost:3000' });
    expect(config.mail).toMatchObject({ smtpUrl: undefined, from: 'Courtside <no-reply@localhost>', dir: './data/mail', reminderHours: 24, retentionDays: 90 });
    expect(config.money).toEqual({ currency: 'USD', locale: 'en-US' });
  });

  it('takes a currency with cents and a locale the runtime knows (the code in any case)', () => {
    expect(loadConfig({ CURRENCY: 'EUR', LOCALE: 'de-DE' }).money).toEqual({ currency: 'EUR', locale: 'de-DE' });
    expect(loadConfig({ CURRENCY: 'gbp', LOCALE: 'en-GB' }).money).toEqual({ currency: 'GBP', locale: 'en-GB' });
  });

  it('refuses a currency without two minor digits, an unknown one and a malformed locale, each named', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return (e as Error).message;
      }
      return '';
    };
    expect(problems({ CURRENCY: 'JPY' })).toContain('CURRENCY "JPY" has 0 minor digits');
    expect(problems({ CURRENCY: 'KWD' })).toContain('CURRENCY "KWD" has 3 minor digits');
    expect(problems({ CURRENCY: 'XYZ' })).toContain('CURRENCY "XYZ" is not a currency this runtime knows');
    expect(problems({ CURRENCY: 'euro' })).toContain('CURRENCY "EURO" must be a 3-letter ISO 4217 code');
    expect(problems({ LOCALE: 'en_US' })).toContain('LOCALE "en_US" must be a language tag');
    expect(problems({ LOCALE: 'zz-ZZ' })).toContain('LOCALE "zz-ZZ" is not a locale this runtime formats numbers in');
  });

  it('lists every problem at once, each naming its setting', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_EMAIL: 'nobody', STRIPE_SECRET_KEY: 'sk_test_x', SMTP_URL: 'http://relay', LOG_LEVEL: 'loud', CURRENCY: 'JPY', LOCALE: 'en_US' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const expected of [
      'PORT must be a whole number from 0 to 65535 (got "eighty")',
      'DATABASE_URL must start with postgres://',
      'JWT_SECRET is required with DATABASE_URL',
      'ADMIN_EMAIL is not an email address',
      'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY',
      'PUBLIC_BASE_URL is required with STRIPE_SECRET_KEY',
      'SMTP_URL must look like smtp://',
      'LOG_LEVEL must be one of',
      'CURRENCY "JPY" has 0 minor digits',
      'LOCALE "en_US" must be a language tag',
    ]) {
      expect(message).toContain(expected);
    }
  });

  it('a door opens at most 60 minutes before the start (the database keeps codes unique that long); wrong codes are limited, never unlimited', () => {
    expect(loadConfig({})).toMatchObject({ accessOpensMinutes: 15, accessMaxWrong: 10, accessWrongWindowMinutes: 15 });
    expect(loadConfig({ ACCESS_OPENS_MINUTES: '0' }).accessOpensMinutes).toBe(0);
    expect(loadConfig({ ACCESS_OPENS_MINUTES: '60' }).accessOpensMinutes).toBe(60);
    expect(() => loadConfig({ ACCESS_OPENS_MINUTES: '61' })).toThrow('ACCESS_OPENS_MINUTES must be a whole number from 0 to 60 (got "61")');
    expect(() => loadConfig({ ACCESS_MAX_WRONG: '0' })).toThrow('ACCESS_MAX_WRONG must be a whole number from 1 to 100');
  });

  it('takes Stripe, a public address and a mail relay when they are complete', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      PUBLIC_BASE_URL: 'https://courts.example.com',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      STAFF_EMAIL: 'desk@example.com',
      MAIL_DIR: '/var/mail/courtside',
    });
    expect(config.stripe).toEqual({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiBase: undefined });
    expect(config.publicBaseUrl).toBe('https://courts.example.com');
    expect(config.mail).toMatchObject({ smtpUrl: 'smtps://user:pass@mail.example.com:465', staffEmail: 'desk@example.com', dir: '/var/mail/courtside' });
    expect(config.mail.venue.contact).toBe('desk@example.com');
  });
});
