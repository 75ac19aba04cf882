/**
 * The server's log destination: lines come out whole and in order, written off the event loop
 * (not while the caller runs), all of them on flushSync, a bounded queue when the output stalls,
 * and silence (no exception) once the output is gone.
 */
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LogDestination } from '../src/plugins/log-destination.ts';

const dir = mkdtempSync(join(tmpdir(), 'courtside-log-destination-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function output() {
  const path = join(dir, `out-${++files}.log`);
  const fd = openSync(path, 'w');
  return { fd, read: () => readFileSync(path, 'utf8'), close: () => closeSync(fd) };
}

const settle = async (read: () => string, lines: number) => {
  for (let i = 0; i < 200 && read().split('\n').length - 1 < lines; i++) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('LogDestination', () => {
  it('writes every line, in order, after the caller returns', async () => {
    const out = output();
    const destination = new LogDestination(out.fd);
    const lines = Array.from({ length: 1_000 }, (_, i) => `{"n":${i},"text":"é ✓ ${'x'.repeat(i % 50)}"}\n`);
    for (const line of lines.slice(0, 500)) destination.write(line);
    // Nothing is written while the caller still runs.
    expect(out.read()).toBe('');
    await new Promise((resolve) => setImmediate(resolve));
    for (const line of lines.slice(500)) destination.write(line);
    await settle(out.read, 1_000);
    expect(out.read()).toBe(lines.join(''));
    out.close();
  });

  it('flushSync writes what is queued at once', () => {
    const out = output();
    const destination = new LogDestination(out.fd);
    destination.write('{"a":1}\n');
    destination.write('{"b":2}\n');
    destination.flushSync();
    expect(out.read()).toBe('{"a":1}\n{"b":2}\n');
    out.close();
  });

  it('keeps at most 100,000 lines while the output does not take them, and says how many it dropped', () => {
    const out = output();
    const destination = new LogDestination(out.fd);
    let accepted = 0;
    for (let i = 0; i < 100_025; i++) if (destination.write(`${i}\n`)) accepted++;
    expect(accepted).toBe(100_000);
    destination.flushSync();
    const lines = out.read().split('\n').slice(0, -1);
    expect(lines).toHaveLength(100_001);
    expect(lines[99_999]).toBe('99999');
    expect(JSON.parse(lines[100_000]!)).toMatchObject({ level: 40, msg: '25 log lines dropped: the output did not keep up' });
    out.close();
  });

  it('goes quiet, without throwing, once its output is gone', async () => {
    // A descriptor no file is open on (a closed one could be reused by the time it is written).
    const destination = new LogDestination(999_999);
    expect(destination.write('lost\n')).toBe(true);
    // Once the failed write is reported (off the event loop: give it up to 5 s on a busy machine), lines are refused.
    let refused = false;
    for (let i = 0; i < 250 && !refused; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      refused = !destination.write('after\n');
    }
    expect(refused).toBe(true);
    expect(() => destination.flushSync()).not.toThrow();
  });
});
