import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import ICAL from 'ical.js';

/**
 * A real SMTP server on a loopback port, inside the test process: the app talks SMTP to it as
 * production talks to a relay, and every message that arrives is parsed with mailparser.
 */
export class TestSmtp {
  readonly received: ParsedMail[] = [];
  #server: SMTPServer | undefined;
  #port = 0;

  get url() {
    return `smtp://127.0.0.1:${this.#port}`;
  }

  /** Starts listening (again, on the same port after a stop). */
  async start(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream).then((mail) => {
          this.received.push(mail);
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.#port, '127.0.0.1', () => resolve());
    });
    this.#port = (server.server.address() as { port: number }).port;
    this.#server = server;
    return this;
  }

  /** Stops listening: connections are refused until start() is called again. */
  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  to(address: string): ParsedMail[] {
    return this.received.filter((m) => addressesOf(m).includes(address.toLowerCase()));
  }

  /** The one message to `address` whose subject contains `subject`; fails on none or several. */
  only(address: string, subject: string): ParsedMail {
    const found = this.to(address).filter((m) => m.subject?.includes(subject));
    if (found.length !== 1) throw new Error(`expected one "${subject}" to ${address}, got ${found.length}: ${this.to(address).map((m) => m.subject).join(' | ')}`);
    return found[0]!;
  }
}

export function addressesOf(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

export async function startSmtp(): Promise<TestSmtp> {
  return new TestSmtp().start();
}

/** The events of an iCalendar text, read by a real parser (ical.js): it throws on invalid text. */
export function parseIcs(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    method: calendar.getFirstPropertyValue('method'),
    events: calendar.getAllSubcomponents('vevent').map((v) => {
      const e = new ICAL.Event(v);
      return {
        uid: e.uid,
        sequence: e.sequence,
        start: e.startDate.toJSDate().toISOString(),
        end: e.endDate.toJSDate().toISOString(),
        summary: e.summary,
        location: e.location,
        status: v.getFirstPropertyValue('status'),
      };
    }),
  };
}

/** The .ics attached to a message, as text. */
export function icsOf(mail: ParsedMail): string {
  const ics = mail.attachments.find((a) => a.contentType === 'text/calendar');
  if (!ics) throw new Error(`no calendar attachment in "${mail.subject}"`);
  return ics.content.toString('utf8');
}
