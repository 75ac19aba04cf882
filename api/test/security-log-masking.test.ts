/**
 * The calendar feed's address is its credential: the request log masks it however the path is
 * spelled. The router decodes %2E and ignores nothing else a client may
 * vary (duplicate slashes, case, %2F): the log must not depend on which spelling reached it.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { customer } from './support/actors.ts';
import { loggableUrl } from '../src/plugins/request-log.ts';

const TOKEN = 'Fe3dT0kenAbcdefghijklmnopqrstuvwxyz_-0123456789';

/** Every way a client may write the feed's address (and a few a router might take). */
const SPELLINGS = [
  `/api/calendar/${TOKEN}.ics`,
  `/api/calendar/${TOKEN}%2Eics`,
  `/api/calendar/${TOKEN}%2eics`,
  `//api/calendar/${TOKEN}.ics`,
  `/api//calendar/${TOKEN}.ics`,
  `/api/calendar//${TOKEN}.ics`,
  `///api///calendar///${TOKEN}.ics`,
  `/api/calendar%2F${TOKEN}.ics`,
  `/api/calendar%2f${TOKEN}.ics`,
  `/api%2Fcalendar%2F${TOKEN}.ics`,
  `/API/Calendar/${TOKEN}.ics`,
  `/api/%63alendar/${TOKEN}.ics`,
  `/api/calendar/${TOKEN}`,
  `/api/calendar/${TOKEN}/`,
  `/api/calendar/${TOKEN}.ics?x=1`,
  `/api/calendar/${TOKEN}%2Eics?download=1&token=${TOKEN}`,
  `/api/calendar/${encodeURIComponent(TOKEN)}.ics`,
  `/api/calendar/${[...TOKEN].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')}.ics`,
  `/api/calendar/${TOKEN}.ics%3Fx=1`,
  `/api/calendar/${TOKEN}.ics#frag`,
  `/api/calendar/%ZZ${TOKEN}.ics`,
];

describe('loggableUrl masks the calendar secret in every spelling', () => {
  it.each(SPELLINGS)('%s', (url) => {
    const logged = loggableUrl(url);
    expect(logged).not.toContain(TOKEN.slice(0, 12));
    expect(logged).toContain('[redacted]');
  });

  it('keeps what is not secret as it was', () => {
    expect(loggableUrl(`/api/calendar/${TOKEN}.ics?x=1`)).toBe('/api/calendar/[redacted].ics?x=1');
    expect(loggableUrl(`//api/calendar/${TOKEN}%2Eics`)).toBe('/api/calendar/[redacted].ics');
    expect(loggableUrl(`/api/calendar/${TOKEN}`)).toBe('/api/calendar/[redacted]');
    expect(loggableUrl('/api/bookings/8d1c/calendar.ics')).toBe('/api/bookings/8d1c/calendar.ics');
    expect(loggableUrl('/api/facility?q=calendar')).toBe('/api/facility?q=calendar');
  });
});

describe('request log of the calendar feed, over the app', () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  let t: TestApp;
  let feed: string;
  beforeAll(async () => {
    t = await createTestApp({ logger: { level: 'info', stream } });
    const casey = await customer(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me/calendar', headers: casey.auth });
    feed = new URL(res.json().data.url as string).pathname;
  });
  afterAll(() => t?.close());

  it('never writes the token, whichever spelling the router served', async () => {
    const token = /\/api\/calendar\/([^/]+)\.ics$/.exec(feed)![1]!;
    const served: string[] = [];
    for (const url of [feed, feed.replace(/\.ics$/, '%2Eics'), `/${feed}`, feed.replace('/calendar/', '/calendar//'), feed.replace(/\.ics$/, ''), `${feed}?x=1`]) {
      const res = await t.app.inject({ method: 'GET', url });
      if (res.statusCode === 200) served.push(url);
    }
    // The plain spelling at least is served (the feed is real), and others the router takes too.
    expect(served.length).toBeGreaterThanOrEqual(2);
    const text = lines.join('\n');
    expect(text).toContain('/api/calendar/[redacted]');
    expect(text).not.toContain(token);
  });
});
