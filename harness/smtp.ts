/**
 * A real SMTP server on a loopback port, inside the process of a test or a proof: the API talks
 * SMTP to it as production talks to a relay, and every message it accepts is parsed with
 * mailparser. For the fault proofs it can also be a relay that answers slowly, one that hangs
 * (holds every message unanswered), or one that is down (stop, then start on the same port).
 */
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

interface Held {
  session: string;
  answer: () => void;
}

export class TestSmtp {
  /** Every message accepted (answered 250), in order of acceptance. */
  readonly received: ParsedMail[] = [];
  /** How long each message waits before its 250 (a slow relay); 0 answers at once. */
  delayMs = 0;
  #server: SMTPServer | undefined;
  #port = 0;
  #holding = false;
  #held: Held[] = [];
  /** Sessions whose client went away: what they sent was never accepted. */
  #gone = new Set<string>();

  get url() {
    return `smtp://127.0.0.1:${this.#port}`;
  }

  /** Messages whose content has arrived but that are not answered yet (see hold). */
  get held(): number {
    return this.#held.length;
  }

  /** Starts listening (again, on the same port after a stop). */
  async start(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then(async (mail) => {
            await this.#answerTime(session);
            // Like a real relay: a message whose sender left before the 250 was not accepted.
            if (this.#gone.has(session.id)) return;
            this.received.push(mail);
            callback();
          })
          .catch(callback);
      },
      onClose: (session) => this.#left(session),
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
    this.release();
    const server = this.#server;
    this.#server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** From now on, messages are received but not answered (a relay that hangs) until release(). */
  hold(): void {
    this.#holding = true;
  }

  /** Answers every held message and stops holding. */
  release(): void {
    this.#holding = false;
    for (const held of this.#held.splice(0)) held.answer();
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

  async #answerTime(session: SMTPServerSession): Promise<void> {
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.#holding) await new Promise<void>((answer) => this.#held.push({ session: session.id, answer }));
  }

  #left(session: SMTPServerSession): void {
    this.#gone.add(session.id);
    const mine = this.#held.filter((h) => h.session === session.id);
    this.#held = this.#held.filter((h) => h.session !== session.id);
    for (const held of mine) held.answer();
  }
}

export function addressesOf(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

/** The outbox id a message carries as its Message-ID (`<id@domain>`). */
export const outboxIdOf = (mail: ParsedMail): string | undefined => /^<([^@>]+)@/.exec(mail.messageId ?? '')?.[1];

export async function startSmtp(): Promise<TestSmtp> {
  return new TestSmtp().start();
}
