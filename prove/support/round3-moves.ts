/**
 * The moves area of attack round 3, re-tried over real HTTP against a real server on
 * PostgreSQL, one check per class:
 *   - a move beats a quota: creates and moves racing into a facility with a quota of 1;
 *   - staff moves: the desk policy (beyond the public horizon) and the price difference stated,
 *     confirmed first, kept on a paid booking as its balance;
 *   - a walk-in given away by phone: the account that claimed the phone cannot see or cancel it;
 *   - a time-zone change that moves closures: closed hours stay closed at their local times;
 *   - a desk booking that starts before now: refused unless staff confirm a late entry.
 */
import type { Check } from '../../harness/checks.ts';
import { dropDatabase, freshDatabase, startApi, type ApiProcess } from '../../harness/api-process.ts';
import { call, hh, localDay, loginAdmin, type Reply } from '../../harness/fixtures.ts';
import { withClient } from '../../harness/db-checks.ts';
import { race } from '../../api/test/support/race.ts';

const DB_NAME = 'courtside_prove_r3_moves';
const PORT = 4774;
const PASSWORD = 'prove-Moves-Pass-42';

/** "1 x 200, 7 x 409 QUOTA_REACHED": how many answers of each status and code. */
function tally(answers: Reply[]): string {
  const counts = new Map<string, number>();
  for (const a of answers) {
    const key = `${a.status} ${a.body?.code ?? ''}`.trim();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => `${n} x ${key}`).join(', ');
}

async function signUp(base: string, tag: string, phone = '555-0100'): Promise<{ id: string; token: string }> {
  const email = `prove.moves.${tag}.${Date.now().toString(36)}@example.com`;
  const created = await call(base, 'POST', '/api/auth/signup', { json: { name: `Moves ${tag}`, email, password: PASSWORD, phone, address: '1 Proof Street' } });
  if (created.status !== 201) throw new Error(`sign-up ${tag}: ${created.status} ${JSON.stringify(created.body)}`);
  const signedIn = await call(base, 'POST', '/api/auth/login', { json: { email, password: PASSWORD } });
  if (signedIn.status !== 200) throw new Error(`login ${tag}: ${signedIn.status} ${JSON.stringify(signedIn.body)}`);
  return { id: signedIn.body.data._id, token: signedIn.body.token };
}

async function facility(base: string, token: string, name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await call(base, 'POST', '/api/facility', {
    token,
    json: { name, location: 'Proof Park', pricePerHour: 20, description: 'A court for the moves proof.', imageUrl: '/images/facilities/tennis.svg', ...extra },
  });
  if (res.status !== 201) throw new Error(`facility ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data._id as string;
}

/** The local date and hour now in New York (the facilities' zone). */
function newYorkNow(): { date: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' }).formatToParts(new Date());
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) };
}

export async function movesChecks(): Promise<Check[]> {
  const checks: Check[] = [];
  const url = await freshDatabase(DB_NAME);
  let api: ApiProcess | undefined;
  try {
    api = await startApi({ port: PORT, databaseUrl: url });
    const base = api.base;
    const staff = await loginAdmin(base);
    const day = localDay(3);

    // A move beats a quota: six holds elsewhere moved into a quota-1 facility while two holds are made there.
    {
      const quota = await facility(base, staff.token, 'Moves Quota Court', { policy: { maxActivePerCustomer: 1 } });
      const elsewhere = await facility(base, staff.token, 'Moves Start Court');
      const mover = await signUp(base, 'racer');
      const holds: string[] = [];
      for (let h = 8; h < 14; h++) {
        const made = await call(base, 'POST', '/api/bookings', { token: mover.token, json: { facility: elsewhere, date: day, startTime: hh(h), endTime: hh(h + 1) } });
        holds.push(made.body.data._id);
      }
      const answers = await race([
        ...holds.map((id, i) => () => call(base, 'PUT', `/api/bookings/${id}`, { token: mover.token, json: { facility: quota, startTime: hh(14 + i), endTime: hh(15 + i) } })),
        () => call(base, 'POST', '/api/bookings', { token: mover.token, json: { facility: quota, date: day, startTime: hh(8), endTime: hh(9) } }),
        () => call(base, 'POST', '/api/bookings', { token: mover.token, json: { facility: quota, date: day, startTime: hh(10), endTime: hh(11) } }),
      ]);
      const active = await withClient(url, async (c) =>
        Number((await c.query<{ n: string }>(`SELECT count(*) AS n FROM bookings WHERE facility_id = $1 AND user_id = $2 AND status IN ('pending', 'confirmed')`, [quota, mover.id])).rows[0]!.n));
      checks.push({
        name: 'moves and creates racing into a facility with a per-customer quota of 1',
        measured: `${tally(answers)}; ${active} active there afterwards`,
        wanted: 'at most 1 active; the rest 409 QUOTA_REACHED',
        pass: active <= 1 && answers.every((a) => a.status < 300 || a.body?.code === 'QUOTA_REACHED'),
      });
    }

    // Staff moves: the desk policy, and the price difference stated and kept.
    {
      const cheap = await facility(base, staff.token, 'Moves Ten Dollar Court', { pricePerHour: 10, policy: { horizonDays: 14 } });
      const dear = await facility(base, staff.token, 'Moves Four Hundred Court', { pricePerHour: 400 });
      const customer = await signUp(base, 'payer');
      const far = localDay(40);
      const paid = await call(base, 'POST', '/api/admin/bookings', { token: staff.token, json: { facilityId: cheap, date: far, startTime: hh(10), endTime: hh(11), userId: customer.id, payment: 'desk' } });
      const id = paid.body._id as string;
      const later = await call(base, 'PUT', `/api/admin/bookings/${id}`, { token: staff.token, json: { date: localDay(41) } });
      const asked = await call(base, 'PUT', `/api/admin/bookings/${id}`, { token: staff.token, json: { facilityId: dear } });
      const moved = await call(base, 'PUT', `/api/admin/bookings/${id}`, { token: staff.token, json: { facilityId: dear, confirmPriceChange: true } });
      const change = asked.body?.priceChange;
      checks.push({
        name: 'staff moves: desk policy, and a paid $10 booking moved to a $400 slot',
        measured: `beyond the public horizon ${later.status}; unconfirmed ${asked.status} ${asked.body?.code} (${change?.oldPrice} -> ${change?.newPrice}, difference ${change?.difference}); confirmed ${moved.status}: keeps ${moved.body?.payableAmount} paid, balance ${moved.body?.balance}`,
        wanted: '200; 409 PRICE_CHANGE_UNCONFIRMED (10 -> 400, difference 390); 200: keeps 10, balance 390',
        pass: paid.status === 201 && later.status === 200 && asked.status === 409 && asked.body?.code === 'PRICE_CHANGE_UNCONFIRMED' && change?.difference === 390
          && moved.status === 200 && moved.body?.payableAmount === 10 && moved.body?.balance === 390,
      });
    }

    // A walk-in given away by the phone number they gave.
    {
      const phone = `555-${String(Date.now()).slice(-7)}`;
      const claimer = await signUp(base, 'claimer', phone);
      const court = await facility(base, staff.token, 'Moves Walk-in Court');
      const walkIn = await call(base, 'POST', '/api/admin/bookings', { token: staff.token, json: { facilityId: court, date: day, startTime: hh(12), endTime: hh(13), guest: { name: 'Real Walker', phone }, payment: 'desk' } });
      const seen = await call(base, 'GET', `/api/bookings/user/${claimer.id}`, { token: claimer.token });
      const cancel = await call(base, 'DELETE', `/api/bookings/${walkIn.body?._id}`, { token: claimer.token });
      const listed = ((seen.body?.data ?? []) as { _id: string }[]).some((b) => b._id === walkIn.body?._id);
      checks.push({
        name: "a walk-in booked with a phone an account registered",
        measured: `walk-in ${walkIn.status} for ${walkIn.body?.user?._id === claimer.id ? 'the claiming account' : 'a guest'}; the account ${listed ? 'sees' : 'does not see'} it; its cancel ${cancel.status}`,
        wanted: 'a guest; not seen; 404',
        pass: walkIn.status === 201 && walkIn.body?.user?._id !== claimer.id && !listed && cancel.status === 404,
      });
    }

    // A time-zone change that moved closures and opened closed hours.
    {
      const court = await facility(base, staff.token, 'Moves Rezoned Court');
      const closed = await call(base, 'POST', '/api/admin/closures', { token: staff.token, json: { facilityIds: [court], start: `${day}T10:00`, end: `${day}T12:00`, reason: 'Resurfacing', kind: 'maintenance' } });
      const unconfirmed = await call(base, 'PUT', `/api/facility/${court}`, { token: staff.token, json: { timezone: 'America/Los_Angeles' } });
      const confirmed = await call(base, 'PUT', `/api/facility/${court}`, { token: staff.token, json: { timezone: 'America/Los_Angeles', confirmTimezoneChange: true } });
      const free = await call(base, 'GET', `/api/check-availability?date=${day}&facility=${court}`);
      const starts = ((free.body?.data ?? []) as { startTime: string }[]).map((s) => s.startTime);
      const sold = ['10:00', '11:00'].filter((t) => starts.includes(t));
      checks.push({
        name: 'a time-zone change with a closure 10:00-12:00',
        measured: `closure ${closed.status}; unconfirmed ${unconfirmed.status} ${unconfirmed.body?.code}; confirmed ${confirmed.status}; closed hours for sale afterwards: ${sold.join(', ') || 'none'}`,
        wanted: '201; 409 FACILITY_HAS_BOOKINGS; 200; none',
        pass: closed.status === 201 && unconfirmed.status === 409 && confirmed.status === 200 && free.status === 200 && sold.length === 0 && starts.includes('12:00'),
      });
    }

    // A desk booking that starts earlier today.
    {
      const allDay = { open: '00:00', close: '24:00' };
      const court = await facility(base, staff.token, 'Moves Late Court', { openingHours: { sun: allDay, mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay } });
      const { date, hour } = newYorkNow();
      const body = { facilityId: court, date, startTime: hh(hour), endTime: hour === 23 ? '24:00' : hh(hour + 1), guest: { name: 'Late Larry' }, payment: 'desk' };
      const plain = await call(base, 'POST', '/api/admin/bookings', { token: staff.token, json: body });
      const late = await call(base, 'POST', '/api/admin/bookings', { token: staff.token, json: { ...body, lateEntry: true } });
      checks.push({
        name: 'a desk booking that started earlier today',
        measured: `without lateEntry ${plain.status} ${plain.body?.code}; with lateEntry: true ${late.status}`,
        wanted: '400 IN_THE_PAST; 201',
        pass: plain.status === 400 && plain.body?.code === 'IN_THE_PAST' && late.status === 201,
      });
    }
    return checks;
  } finally {
    await api?.stop();
    await dropDatabase(DB_NAME);
  }
}
