/**
 * The load generator's handle on this side (autocannon runs in bench/load-worker.ts, a worker
 * thread), and the sampler of a measured process's memory.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Figures, Scenario } from './load-worker.ts';

export class LoadGenerator {
  #worker = new Worker(fileURLToPath(new URL('./load-worker.ts', import.meta.url)));
  #next = 0;
  #waiting = new Map<number, { resolve: (f: Figures[]) => void; reject: (e: Error) => void }>();

  constructor() {
    this.#worker.on('message', (m: { id: number; figures?: Figures[]; error?: string }) => {
      const waiter = this.#waiting.get(m.id);
      this.#waiting.delete(m.id);
      if (m.error) waiter?.reject(new Error(`load generator: ${m.error}`));
      else waiter?.resolve(m.figures!);
    });
    this.#worker.on('error', (err) => {
      for (const w of this.#waiting.values()) w.reject(err);
      this.#waiting.clear();
    });
  }

  /** Runs the scenarios at the same time; their figures in the same order. */
  runTogether(scenarios: Scenario[]): Promise<Figures[]> {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ id, scenarios });
    });
  }

  close() {
    return this.#worker.terminate();
  }
}

/** A process's resident memory, read from /proc every 100 ms (Linux). */
/**
 * The CPU time a process has used (user + system, all its threads), in ms: /proc/<pid>/stat's
 * utime and stime, counted in USER_HZ ticks, which Linux fixes at 100 a second for user space.
 */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export class RssSampler {
  #timer: NodeJS.Timeout | undefined;
  #peak = 0;
  #samples = 0;
  /** The peak since the last phase ended, and each phase's own peak (where the memory goes). */
  #phasePeak = 0;
  readonly phases: { name: string; peakMb: number }[] = [];
  readonly pid: number;
  constructor(pid: number) {
    this.pid = pid;
  }
  read(): number {
    const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN);
    return kb / 1024;
  }
  start() {
    this.#timer = setInterval(() => {
      try {
        const mb = this.read();
        this.#peak = Math.max(this.#peak, mb);
        this.#phasePeak = Math.max(this.#phasePeak, mb);
        this.#samples++;
      } catch {
        // the process is gone; the run fails on its own
      }
    }, 100);
  }
  /** Ends a phase of the load: its peak is kept under `name`. */
  endPhase(name: string) {
    this.phases.push({ name, peakMb: Math.max(this.#phasePeak, this.read()) });
    this.#phasePeak = 0;
  }
  stop() {
    clearInterval(this.#timer);
    return { peakMb: this.#peak, samples: this.#samples };
  }
}
