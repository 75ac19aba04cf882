import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingPlayersDto, PlayingBookingDto } from '@courtside/contracts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, bookAndPay, customer, facility, openCheckout, staffMember, type Actor } from './support/actors.ts';
import { mailsTo } from './support/outbox.ts';
import { playersOf as bookingPlayers, sendAs, tokenOf } from './support/players.ts';
import { deliverMail } from '../src/mail/sender.ts';

describe('players on a booking', () => {
  let t: TestApp;
  let owner: Actor;
  let desk: Actor;
  let padel: { _id: string; name: string };
  let day = 0;
  /** A day of its own (2027-03-10 onwards), so no two tests meet. */
  const nextDay = () => `2027-03-${String(10 + day++).padStart(2, '0')}`;

  const send: ReturnType<typeof sendAs> = (...args) => sendAs(t.app)(...args);
  const playersOf = (bookingId: string, who: Actor) => bookingPlayers(t.app, bookingId, who);
  const joinAs = async (token: string, who: Actor, status = 200) => {
    const res = await send('POST', `/api/join/${token}`, who);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  /** A paid padel booking of a new organizer, with its link's token. */
  const organized = async (name = 'Olga Organizer', where = padel._id) => {
    const organizer = await customer(t.app, name);
    const { booking } = await bookAndPay(t.app, organizer, where, nextDay(), '18:00', '19:00');
    const token = tokenOf(await playersOf(booking._id, organizer));
    return { organizer, booking, token };
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_BASE_URL: 'https://courts.example.com', REMINDER_HOURS: '24' } });
    owner = await admin(t.app, 'Olive Owner');
    desk = await staffMember(t.app, 'desk', 'Dee Desk');
    padel = await facility(t.app, owner, { name: 'Padel One', sport: 'padel' });
  });
  afterAll(() => t.close());

  it("a facility's players default to its sport's usual number; staff may set 1 to 30", async () => {
    const created = await Promise.all(
      (['padel', 'squash', 'volleyball', 'swimming', 'other'] as const).map((sport) => facility(t.app, owner, { sport }) as Promise<{ maxPlayers?: number }>),
    );
    expect(created.map((f) => f.maxPlayers)).toEqual([4, 2, 12, 1, 4]);
    const set = await facility(t.app, owner, { sport: 'tennis', maxPlayers: 2 }) as { _id: string; maxPlayers?: number };
    expect(set.maxPlayers).toBe(2);
    const changed = await send('PUT', `/api/admin/facilities/${set._id}`, owner, { maxPlayers: 6, sport: 'padel' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().maxPlayers).toBe(6);
    for (const bad of [0, 31, 2.5]) {
      const refused = await send('PUT', `/api/admin/facilities/${set._id}`, owner, { maxPlayers: bad });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toContain('maxPlayers');
    }
  });

  it('the organizer sees the players, the link and places left; a stranger is told the booking does not exist', async () => {
    const { organizer, booking, token } = await organized('Olga Organizer');
    const mine = await playersOf(booking._id, organizer);
    expect(mine).toMatchObject({ bookingId: booking._id, maxPlayers: 4, placesLeft: 3, joinable: true, invited: [] });
    expect(mine.inviteUrl).toBe(`https://courts.example.com/join/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(mine.players).toEqual([{ id: organizer.id, name: 'Olga O.', userId: organizer.id, role: 'organizer', you: true, share: null }]);
    // The link stays the same until renewed.
    expect((await playersOf(booking._id, organizer)).inviteUrl).toBe(mine.inviteUrl);
    const stranger = await customer(t.app, 'Stan Stranger');
    const hidden = await send('GET', `/api/bookings/${booking._id}/players`, stranger);
    expect([hidden.statusCode, hidden.json().code]).toEqual([404, 'BOOKING_NOT_FOUND']);
    expect((await send('GET', `/api/bookings/${booking._id}/players`)).statusCode).toBe(401);
  });

  it("joins through the link: the preview shows the organizer's first name and places left; twice is one place; players see short names, staff whole ones", async () => {
    const { organizer, booking, token } = await organized('Olga Organizer');
    const preview = await send('GET', `/api/join/${token}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({
      bookingId: booking._id,
      facility: { name: 'Padel One', sport: 'padel', timezone: 'America/New_York' },
      startTime: '18:00',
      endTime: '19:00',
      organizerFirstName: 'Olga',
      maxPlayers: 4,
      placesLeft: 3,
      joinable: true,
      share: null,
      you: null,
    });
    expect(preview.body).not.toContain(organizer.email);
    expect((await send('POST', `/api/join/${token}`)).statusCode).toBe(401);

    const pat = await customer(t.app, 'Pat Player');
    const joined = await joinAs(token, pat);
    expect(joined.message).toBe("You're playing with Olga.");
    expect(joined.data).toMatchObject({ you: 'player', placesLeft: 2 });
    expect((await joinAs(token, pat)).data).toMatchObject({ you: 'player', placesLeft: 2 });
    expect((await joinAs(token, organizer)).data.you).toBe('organizer');

    // The booking itself says how many play on it (My bookings' "Players (2/4)" without asking for the list).
    expect((await send('GET', `/api/bookings/${booking._id}`, organizer)).json().data.players).toEqual({ count: 2, max: 4 });
    const seenByPat = await playersOf(booking._id, pat);
    expect(seenByPat.players.map((p) => [p.name, p.role, p.you])).toEqual([['Olga O.', 'organizer', false], ['Pat P.', 'player', true]]);
    expect(seenByPat.inviteUrl).toBeNull();
    expect(JSON.stringify(seenByPat)).not.toContain(organizer.email);
    const seenByDesk = await playersOf(booking._id, desk);
    expect(seenByDesk.players.map((p) => p.name)).toEqual(['Olga Organizer', 'Pat Player']);
    expect(seenByDesk.inviteUrl).toBe(`https://courts.example.com/join/${token}`);

    // The player hears it once, with the booking's calendar event.
    const mails = (await mailsTo(t.database.db, pat.email)).filter((m) => m.kind === 'player_joined');
    expect(mails.map((m) => m.subject)).toEqual(['You\'re playing: Padel One - Courtside']);
    expect(mails[0]!.text_body).toContain("You joined Olga's booking:");
  });

  it('adds a friend by name and invites by email (each address once); only the organizer and staff may', async () => {
    const { organizer, booking } = await organized('Olga Organizer');
    const friend = await send('POST', `/api/bookings/${booking._id}/players`, organizer, { name: '  Fran Friend ' });
    expect(friend.statusCode, friend.body).toBe(201);
    expect((friend.json().data as BookingPlayersDto).players.map((p) => [p.name, p.userId, p.role])).toEqual([['Olga O.', organizer.id, 'organizer'], ['Fran Friend', null, 'player']]);

    const invited = await send('POST', `/api/bookings/${booking._id}/players`, organizer, { email: 'Ivy.Invited@Example.com' });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().message).toBe('Invitation sent to Ivy.Invited@Example.com.');
    const data = invited.json().data as BookingPlayersDto;
    expect(data.invited.map((i) => i.email)).toEqual(['ivy.invited@example.com']);
    expect(data.placesLeft).toBe(2);
    await send('POST', `/api/bookings/${booking._id}/players`, organizer, { email: 'ivy.invited@example.com' });
    const letters = (await mailsTo(t.database.db, 'ivy.invited@example.com')).filter((m) => m.kind === 'player_invitation');
    expect(letters.map((m) => m.subject)).toEqual(['Olga invites you to play: Padel One - Courtside']);
    expect(letters[0]!.text_body).toContain(`https://courts.example.com/join/${tokenOf(data)}`);
    expect(letters[0]!.text_body).not.toContain(organizer.email);

    const own = await send('POST', `/api/bookings/${booking._id}/players`, organizer, { email: organizer.email });
    expect([own.statusCode, own.json().code]).toEqual([409, 'IS_ORGANIZER']);
    const bad = await send('POST', `/api/bookings/${booking._id}/players`, organizer, { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    const both = await send('POST', `/api/bookings/${booking._id}/players`, organizer, { email: 'a@example.com', name: 'A' });
    expect([both.statusCode, both.json().message]).toEqual([400, 'Give one of email (to invite someone) or name (to add a friend without an account).']);
    expect((await send('POST', `/api/bookings/${booking._id}/players`, organizer, {})).statusCode).toBe(400);

    // A player may not add others.
    const pat = await customer(t.app, 'Pat Player');
    await joinAs(tokenOf(data), pat);
    const byPlayer = await send('POST', `/api/bookings/${booking._id}/players`, pat, { name: 'Someone' });
    expect([byPlayer.statusCode, byPlayer.json().code]).toEqual([403, 'NOT_YOURS']);
    // Staff may.
    const byDesk = await send('POST', `/api/bookings/${booking._id}/players`, desk, { name: 'Walk In' });
    expect(byDesk.statusCode, byDesk.body).toBe(201);
    expect((byDesk.json().data as BookingPlayersDto).placesLeft).toBe(0);
  });

  it('a full booking refuses the next player, whichever way they come', async () => {
    const squash = await facility(t.app, owner, { name: 'Squash Two', sport: 'squash' });
    const { organizer, booking, token } = await organized('Olga Organizer', squash._id);
    await joinAs(token, await customer(t.app, 'First In'));
    const late = await customer(t.app, 'Late Comer');
    const full = await joinAs(token, late, 409);
    expect([full.code, full.message]).toEqual(['BOOKING_FULL', 'This booking is full: 2 players at most.']);
    const byName = await send('POST', `/api/bookings/${booking._id}/players`, organizer, { name: 'One More' });
    expect([byName.statusCode, byName.json().code]).toEqual([409, 'BOOKING_FULL']);
    expect((await send('GET', `/api/join/${token}`)).json().data.placesLeft).toBe(0);
  });

  it('a renewed link voids the old one', async () => {
    const { organizer, booking, token } = await organized();
    const renewed = await send('POST', `/api/bookings/${booking._id}/players/link`, organizer);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = tokenOf(renewed.json().data);
    expect(fresh).not.toBe(token);
    const old = await send('GET', `/api/join/${token}`);
    expect([old.statusCode, old.json().code]).toEqual([404, 'INVITE_NOT_FOUND']);
    expect((await joinAs(token, await customer(t.app), 404)).code).toBe('INVITE_NOT_FOUND');
    await joinAs(fresh, await customer(t.app));
    const pat = await customer(t.app, 'Pat Player');
    await joinAs(fresh, pat);
    const byPlayer = await send('POST', `/api/bookings/${booking._id}/players/link`, pat);
    expect(byPlayer.statusCode).toBe(403);
  });

  it('a player leaves; the organizer removes one; the organizer can do neither to themselves', async () => {
    const { organizer, booking, token } = await organized();
    const [pat, quinn] = [await customer(t.app, 'Pat Player'), await customer(t.app, 'Quinn Player')];
    await joinAs(token, pat);
    await joinAs(token, quinn);
    const left = await send('DELETE', `/api/bookings/${booking._id}/players/me`, pat);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().data).toEqual({ bookingId: booking._id });
    expect((await send('GET', `/api/bookings/${booking._id}/players`, pat)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/bookings/${booking._id}/players/me`, pat)).statusCode).toBe(404);
    const ownLeave = await send('DELETE', `/api/bookings/${booking._id}/players/me`, organizer);
    expect([ownLeave.statusCode, ownLeave.json().code]).toEqual([409, 'IS_ORGANIZER']);

    const list = await playersOf(booking._id, organizer);
    const quinnsPlace = list.players.find((p) => p.userId === quinn.id)!;
    const byQuinn = await send('DELETE', `/api/bookings/${booking._id}/players/${list.players[0]!.id}`, quinn);
    expect(byQuinn.statusCode).toBe(403);
    const removeOrganizer = await send('DELETE', `/api/bookings/${booking._id}/players/${organizer.id}`, organizer);
    expect([removeOrganizer.statusCode, removeOrganizer.json().code]).toEqual([409, 'IS_ORGANIZER']);
    const removed = await send('DELETE', `/api/bookings/${booking._id}/players/${quinnsPlace.id}`, organizer);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json().data as BookingPlayersDto).players.map((p) => p.role)).toEqual(['organizer']);
    const again = await send('DELETE', `/api/bookings/${booking._id}/players/${quinnsPlace.id}`, organizer);
    expect([again.statusCode, again.json().code]).toEqual([404, 'PLAYER_NOT_FOUND']);
    // Leaving gives the place back: Pat may join again.
    expect((await joinAs(token, pat)).data.placesLeft).toBe(2);
  });

  it('nobody joins a cancelled booking; the link says so', async () => {
    const { organizer, booking, token } = await organized();
    const cancelled = await send('DELETE', `/api/bookings/${booking._id}`, organizer);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await send('GET', `/api/join/${token}`)).json().data.joinable).toBe(false);
    const refused = await joinAs(token, await customer(t.app), 409);
    expect(refused.code).toBe('NOT_JOINABLE');
    const byName = await send('POST', `/api/bookings/${booking._id}/players`, organizer, { name: 'Too Late' });
    expect([byName.statusCode, byName.json().code]).toEqual([409, 'NOT_JOINABLE']);
  });

  it("a player's My bookings lists what they play in, with the organizer's short name; the day view lists the players", async () => {
    const { booking, token } = await organized('Olga Organizer');
    const pat = await customer(t.app, 'Pat Player');
    await joinAs(token, pat);
    const playing = await send('GET', '/api/bookings/playing', pat);
    expect(playing.statusCode, playing.body).toBe(200);
    expect(playing.json().data).toEqual([
      expect.objectContaining({ bookingId: booking._id, organizerName: 'Olga O.', players: 2, maxPlayers: 4, status: 'confirmed', startTime: '18:00', endTime: '19:00', date: booking.date } satisfies Partial<PlayingBookingDto>),
    ]);
    const day = await send('GET', `/api/admin/day-view?date=${booking.date}`, desk);
    expect(day.statusCode, day.body).toBe(200);
    const row = (day.json().facilities as { bookings: { id: string; players: string[] }[] }[]).flatMap((f) => f.bookings).find((b) => b.id === booking._id)!;
    expect(row.players).toEqual(['Pat Player']);
  });

  it('players who joined are reminded before the game, each once', async () => {
    const { booking, token } = await organized();
    const pat = await customer(t.app, 'Pat Player');
    await joinAs(token, pat);
    const startsAt = Date.parse(`${booking.date}T18:00:00-04:00`);
    t.clock.set(new Date(startsAt - 20 * 3_600_000).toISOString());
    await Promise.all([deliverMail(t.app.ctx), deliverMail(t.app.ctx)]);
    const reminders = (await mailsTo(t.database.db, pat.email)).filter((m) => m.kind === 'booking_reminder');
    expect(reminders.map((m) => m.subject)).toEqual(['Reminder: Padel One - Courtside']);
    expect(reminders[0]!.text_body).toContain('Hello Pat Player,');
  });

  it("players of a held booking hear when it is confirmed (then with its calendar event), and when it is cancelled", async () => {
    const organizer = await customer(t.app, 'Olga Organizer');
    const held = await book(t.app, organizer, padel._id, nextDay(), '10:00', '11:00');
    const token = tokenOf(await playersOf(held._id, organizer));
    const pat = await customer(t.app, 'Pat Player');
    expect((await joinAs(token, pat)).data.joinable).toBe(true);
    const about = async () => (await mailsTo(t.database.db, pat.email)).filter((m) => m.kind !== 'welcome');
    const kinds = async () => (await about()).map((m) => [m.kind, m.subject]);
    const joinedMail = (await mailsTo(t.database.db, pat.email)).find((m) => m.kind === 'player_joined')!;
    expect(joinedMail.text_body).toContain('It is confirmed once Olga pays');

    const checkout = await openCheckout(t.app, organizer, [held._id], held.payableAmount);
    const paid = await t.app.inject({ method: 'POST', url: `${checkout.paymentUrl}/confirm`, payload: { signature: checkout.signature } });
    expect(paid.statusCode).toBe(303);
    const cancelled = await send('DELETE', `/api/bookings/${held._id}`, organizer);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // One of each (the test clock stamps them alike, so their order is not asked).
    expect((await kinds()).sort()).toEqual([
      ['booking_cancelled', 'Booking cancelled: Padel One - Courtside'],
      ['booking_confirmed', 'Booking confirmed: Padel One - Courtside'],
      ['player_joined', "You're playing: Padel One - Courtside"],
    ]);
    const textOf = async (kind: string) => (await about()).find((m) => m.kind === kind)!.text_body;
    expect(await textOf('booking_confirmed')).toContain("Olga's booking you play in is confirmed:");
    expect(await textOf('booking_cancelled')).toContain('Olga cancelled the booking you were playing in:');
    const texts = (await about()).map((m) => m.text_body);
    expect(texts.join('\n')).not.toContain(organizer.email);
  });
});
