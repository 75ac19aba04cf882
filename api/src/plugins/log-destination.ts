import { write, writeSync } from 'node:fs';

/** Lines kept while the output cannot take them (a stalled pipe); past this, new lines are dropped and counted. */
const MAX_PENDING_LINES = 100_000;
/** How long to wait before writing again to an output that is full (EAGAIN). */
const RETRY_MS = 10;
/**
 * How long a line may wait to be written with the ones after it: under load a write carries
 * hundreds of lines (each write costs the event loop more than a line does), and a line is
 * out within this long.
 */
const BATCH_MS = 10;

/**
 * Where the server's log lines go: a file descriptor (standard output), written asynchronously.
 * A line costs an array push; the lines of BATCH_MS are joined and written with one write, off
 * the event loop, while the next ones queue up. Never blocks the server:
 * an output that stalls keeps at most MAX_PENDING_LINES lines (then says how many it dropped);
 * one that is gone (a closed pipe) is given nothing more. `flushSync` writes what is queued,
 * for the moment the process exits.
 */
export class LogDestination {
  readonly #fd: number;
  #pending: string[] = [];
  #scheduled = false;
  #writing = false;
  #dropped = 0;
  #closed = false;

  constructor(fd: number) {
    this.#fd = fd;
  }

  write(line: string): boolean {
    if (this.#closed) return false;
    if (this.#pending.length >= MAX_PENDING_LINES) {
      this.#dropped++;
      return false;
    }
    this.#pending.push(line);
    this.#schedule();
    return true;
  }

  #schedule() {
    if (this.#scheduled || this.#writing || this.#closed) return;
    this.#scheduled = true;
    // Unref'd: a pending batch does not keep the process alive (its exit writes it).
    setTimeout(() => {
      this.#scheduled = false;
      this.#writeNext();
    }, BATCH_MS).unref();
  }

  /** Everything queued, with the dropped lines' count, as one piece of text (empty when nothing is). */
  #takeQueued(): string {
    if (this.#dropped > 0) {
      this.#pending.push(`{"level":40,"time":${Date.now()},"msg":"${this.#dropped} log lines dropped: the output did not keep up"}\n`);
      this.#dropped = 0;
    }
    const text = this.#pending.join('');
    this.#pending = [];
    return text;
  }

  #writeNext() {
    const text = this.#takeQueued();
    if (text === '') return;
    this.#writing = true;
    this.#send(Buffer.from(text));
  }

  #send(bytes: Buffer) {
    write(this.#fd, bytes, 0, bytes.length, null, (err, written) => {
      if (err) {
        if ((err as NodeJS.ErrnoException).code === 'EAGAIN') {
          setTimeout(() => this.#send(bytes), RETRY_MS);
          return;
        }
        // The output is gone: nothing more can be said there.
        this.#closed = true;
        this.#pending = [];
        this.#writing = false;
        return;
      }
      if (written < bytes.length) {
        this.#send(bytes.subarray(written));
        return;
      }
      this.#writing = false;
      if (this.#pending.length > 0) this.#schedule();
    });
  }

  /**
   * Writes the queued lines now, synchronously (a write already under way finishes on its own),
   * giving up after a second on an output that stays full.
   */
  flushSync(): void {
    if (this.#closed) return;
    const bytes = Buffer.from(this.#takeQueued());
    const until = Date.now() + 1_000;
    let offset = 0;
    while (offset < bytes.length && Date.now() < until) {
      try {
        offset += writeSync(this.#fd, bytes, offset, bytes.length - offset);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') return;
      }
    }
  }
}
