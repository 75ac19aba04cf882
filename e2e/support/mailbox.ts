/**
 * A real SMTP server for the suite: playwright.config.ts starts it once, in the runner's main
 * process, and the server under test sends to it (SMTP_URL) as production sends to a relay.
 * Each message it accepts is written whole as an .eml file into one folder; the specs, in
 * their worker processes, read and parse that folder (mailparser).
 */
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/** Where the messages land (set by playwright.config.ts before the workers start). */
export const mailDir = (): string => {
  const dir = process.env.COURTSIDE_E2E_MAIL_DIR;
  if (!dir) throw new Error('COURTSIDE_E2E_MAIL_DIR is not set: run the specs through playwright.config.ts, which starts the mailbox');
  return dir;
};

/** Starts accepting mail on 127.0.0.1:`port` into `dir`; it never keeps the runner alive. */
export function startMailbox(dir: string, port: number): void {
  mkdirSync(dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        // Written under a temporary name, then renamed: a reader never sees half a message.
        const name = `${Date.now()}-${randomUUID()}`;
        writeFileSync(join(dir, `${name}.part`), Buffer.concat(chunks));
        renameSync(join(dir, `${name}.part`), join(dir, `${name}.eml`));
        callback();
      });
    },
  });
  server.on('error', (err) => console.error(`e2e mailbox: ${err.message}`));
  server.listen(port, '127.0.0.1');
  server.server.unref();
}

/** Every message received so far, oldest first. */
export async function receivedMail(): Promise<ParsedMail[]> {
  const dir = mailDir();
  const files = readdirSync(dir).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(files.map((n) => simpleParser(readFileSync(join(dir, n)))));
}

const recipients = (mail: ParsedMail): string[] =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));

/**
 * Waits for the newest message to `to` whose subject starts with `subject` and that is not one
 * of `seen` (Message-IDs); mail goes out from the server's outbox after its commit.
 */
export async function waitForMail(to: string, subject: string, options: { seen?: string[]; timeoutMs?: number } = {}): Promise<ParsedMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 45_000);
  for (;;) {
    const found = (await receivedMail()).filter((m) => recipients(m).includes(to.toLowerCase()) && m.subject?.startsWith(subject) && !options.seen?.includes(m.messageId ?? ''));
    if (found.length) return found.at(-1)!;
    if (Date.now() > deadline) throw new Error(`no "${subject}" message to ${to} arrived within ${options.timeoutMs ?? 45_000} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
