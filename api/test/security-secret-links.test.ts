/**
 * A reset link is a key to the account: staff must never be able to read it. The message staff
 * see, and the .eml file kept when no relay is configured, carry the link hidden; only the
 * relay gets it, and the customer's copy works.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrateTo, migrateToLatest } from '@courtside/migrations';
import { backend, createTestApp, freshPostgres, type TestApp } from './support/test-app.ts';
import { admin, login, type Actor } from './support/actors.ts';
import { startSmtp, type TestSmtp } from './support/smtp.ts';
import { deliverMail } from '../src/mail/sender.ts';
import { passwordResetsSettled } from '../src/services/password-reset-service.ts';
import { openDatabase } from '../src/db/database.ts';
import { templates } from '../src/mail/templates.ts';
import { DEFAULT_MONEY_FORMAT } from '@courtside/domain';

const HIDDEN = '[reset link sent to the customer; hidden]';
const NEW_PASSWORD = 'taken-Over-Pass-99';

/** Everything staff can read of the outbox over the API: the list (every kind) and each message. */
async function staffView(t: TestApp, staff: Actor): Promise<string> {
  const list = await t.app.inject({ url: '/api/admin/emails?_start=0&_end=1000', headers: staff.auth });
  expect(list.statusCode, list.body).toBe(200);
  const one = await Promise.all((list.json() as { id: string }[]).map((m) => t.app.inject({ url: `/api/admin/emails/${m.id}`, headers: staff.auth })));
  return [list.body, ...one.map((r) => r.body)].join('\n');
}

async function askReset(t: TestApp, email: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  expect(res.statusCode).toBe(200);
  await passwordResetsSettled(t.app.ctx);
}

describe('reset links over SMTP: staff never read them, the customer gets a working one', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://courts.example' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('staff ask a reset for the owner and read the Emails list, before and after it is sent: no token; the owner resets with the mailed link', async () => {
    const owner = await admin(t.app, 'Olive Owner');
    const staff = await admin(t.app, 'Sam Staff');
    await askReset(t, owner.email);
    const beforeSending = await staffView(t, staff);
    await deliverMail(t.app.ctx);
    const afterSending = await staffView(t, staff);

    // The real recipient's copy has the link, and it works.
    const mail = smtp.only(owner.email, 'Reset your password');
    const token = /https:\/\/courts\.example\/reset-password\?token=([\w-]+)/.exec(mail.text ?? '')?.[1];
    expect(token, mail.text).toBeTruthy();
    expect(mail.html).toContain(`reset-password?token=${token}`);
    expect(mail.text).not.toContain(HIDDEN);

    for (const view of [beforeSending, afterSending]) {
      expect(view).not.toContain(token!);
      expect(view).not.toMatch(/reset-password\?token=/);
      expect(view).toContain(HIDDEN);
    }
    // Nothing else in the database keeps it once sent.
    const rows = await t.database.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', owner.email).execute();
    expect(JSON.stringify(rows)).not.toContain(token!);

    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: NEW_PASSWORD } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(t.app, owner.email, NEW_PASSWORD)).id).toBe(owner.id);
  });

  it('a message staff queue again after it failed still reaches the customer with its link, and staff still do not see it', async () => {
    const owner = await admin(t.app, 'Otto Owner');
    const staff = await admin(t.app, 'Sue Staff');
    await askReset(t, owner.email);
    const row = await t.database.db.selectFrom('outbox_messages').select('id').where('recipient', '=', owner.email).executeTakeFirstOrThrow();
    await t.database.db.updateTable('outbox_messages').set({ state: 'failed', last_error: 'relay down' }).where('id', '=', row.id).execute();
    const retried = await t.app.inject({ method: 'POST', url: `/api/admin/emails/${row.id}/retry`, headers: staff.auth });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.body).toContain(HIDDEN);
    expect(retried.body).not.toMatch(/token=/);
    await deliverMail(t.app.ctx);
    const mail = smtp.only(owner.email, 'Reset your password');
    expect(mail.text).toMatch(/reset-password\?token=[\w-]{43}/);
    expect(await staffView(t, staff)).not.toMatch(/reset-password\?token=/);
  });
});

describe('reset links without a relay: the .eml files kept on disk hide them', () => {
  let t: TestApp;
  const dir = mkdtempSync(join(tmpdir(), 'courtside-secret-mail-'));
  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_DIR: dir, PUBLIC_BASE_URL: 'https://courts.example' } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the .eml and the stored message say the link was hidden, and carry no token', async () => {
    const owner = await admin(t.app, 'Opal Owner');
    const staff = await admin(t.app, 'Stan Staff');
    await askReset(t, owner.email);
    expect((await deliverMail(t.app.ctx)).sent).toBeGreaterThanOrEqual(1);
    const files = readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8')).filter((text) => text.includes(owner.email) && text.includes('Reset your password'));
    expect(files).toHaveLength(1);
    expect(files[0]).not.toMatch(/token=/);
    expect(files[0]).toContain('hidden');
    const view = await staffView(t, staff);
    expect(view).not.toMatch(/token=/);
    expect(view).toContain(HIDDEN);
  });
});

describe('reset messages stored before the fix', () => {
  it('the migration hides their links from staff, and keeps a pending one\'s link for the relay', async () => {
    const fresh = backend === 'postgres' ? await freshPostgres() : undefined;
    const handle = await openDatabase(fresh ? { kind: 'postgres', url: fresh.url } : { kind: 'pglite' });
    try {
      await migrateTo(handle.db, '2026_11_24_1000_sports');
      // As the old code stored them: the customer's copy was the only copy.
      const old = (token: string) => templates.passwordReset({ venue: { name: 'Courtside', address: '', contact: '' }, publicBaseUrl: 'https://courts.example', money: DEFAULT_MONEY_FORMAT }, 'Olive', token, 30).sealed!;
      for (const [state, token] of [['pending', 'PendingTok3n_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'], ['sent', 'SentTok3n_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb']] as const) {
        const body = old(token);
        expect(body.text).toContain(token);
        await sql`INSERT INTO outbox_messages (kind, recipient, subject, text_body, html_body, state)
          VALUES ('password_reset', ${`${state}@example.com`}, 'Reset your password - Courtside', ${body.text}, ${body.html}, ${state})`.execute(handle.db);
      }
      await migrateToLatest(handle.db);
      const { rows } = await sql<{ recipient: string; text_body: string; html_body: string; sealed_body: { text: string; html: string } | null }>`
        SELECT recipient, text_body, html_body, sealed_body FROM outbox_messages ORDER BY recipient`.execute(handle.db);
      for (const row of rows) {
        expect(`${row.text_body}${row.html_body}`).not.toMatch(/Tok3n|token=/);
        expect(row.text_body).toContain(`Choose a new password: ${HIDDEN}`);
        expect(row.html_body).toContain(`Choose a new password: ${HIDDEN}`);
      }
      expect(rows.map((r) => [r.recipient, r.sealed_body?.text.includes('token=PendingTok3n') ?? null])).toEqual([
        ['pending@example.com', true],
        ['sent@example.com', null],
      ]);
    } finally {
      await handle.close();
      await fresh?.drop();
    }
  });
});
