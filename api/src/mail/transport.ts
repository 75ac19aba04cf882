import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { OutboxMessageRow } from '@courtside/migrations';
import type { MailConfig } from '../config.ts';
import { PRIVATE_FILE_MODE, privateDir } from '../db/private-files.ts';

/** Where messages go: an SMTP relay, or .eml files on this machine when none is configured. */
export interface MailTransport {
  /** One line for the start-up log. */
  readonly description: string;
  send(message: OutboxMessageRow): Promise<void>;
}

const transports = new WeakMap<MailConfig, MailTransport>();

/** One transport per configuration (per app). */
export function transportFor(mail: MailConfig): MailTransport {
  let transport = transports.get(mail);
  if (!transport) {
    transport = mail.smtpUrl ? smtpTransport(mail, mail.smtpUrl) : fileTransport(mail);
    transports.set(mail, transport);
  }
  return transport;
}

/**
 * The message as nodemailer takes it; the outbox id is its Message-ID, so a resend is
 * recognisable. `to: 'recipient'` is the customer's copy (a secret link written out), for the
 * relay; `'file'` is the copy staff may read, secret links hidden.
 */
function mailOf(mail: MailConfig, m: OutboxMessageRow, to: 'recipient' | 'file') {
  const domain = /@([^>\s]+)>?\s*$/.exec(mail.from)?.[1] ?? 'localhost';
  const body = to === 'recipient' && m.sealed_body ? m.sealed_body : { text: m.text_body, html: m.html_body };
  return {
    from: mail.from,
    to: m.recipient,
    subject: m.subject,
    text: body.text,
    html: body.html,
    messageId: `<${m.id}@${domain}>`,
    date: m.created_at,
    // An image with a Content-ID goes inline (multipart/related), where the HTML's cid: finds it.
    attachments: m.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType, ...(a.encoding ? { encoding: a.encoding } : {}), ...(a.cid ? { cid: a.cid } : {}) })),
  };
}

function smtpTransport(mail: MailConfig, url: string): MailTransport {
  // Bounded waits, well inside the outbox's claim lease (60 s): a relay that hangs delays the next sweep, never a request.
  const transporter = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  const safe = new URL(url);
  return {
    description: `mail: sent through SMTP at ${safe.hostname}:${safe.port || (safe.protocol === 'smtps:' ? 465 : 587)}`,
    send: async (m) => {
      await transporter.sendMail(mailOf(mail, m, 'recipient'));
    },
  };
}

function fileTransport(mail: MailConfig): MailTransport {
  const dir = resolve(mail.dir);
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // Made owner-only once per process (also when an older version made it open): files kept before are then out of others' reach too.
  let ready: Promise<void> | undefined;
  return {
    description: `mail: no SMTP_URL, so nothing leaves this machine: messages are kept in the back office's Emails list and as .eml files in ${dir}`,
    send: async (m) => {
      // A file here is read by whoever reads this machine, not by the customer: no secret link in it.
      const info = await composer.sendMail(mailOf(mail, m, 'file'));
      await (ready ??= privateDir(dir).catch((err: unknown) => {
        ready = undefined;
        throw err;
      }));
      await writeFile(join(dir, `${m.created_at.toISOString().replace(/[:.]/g, '-')}-${m.id}.eml`), info.message as Buffer, { mode: PRIVATE_FILE_MODE });
    },
  };
}
