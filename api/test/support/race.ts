import type { App } from '../../src/app.ts';

/**
 * Fires every task at once: none starts before all of them are prepared, so they truly race.
 * Answers each task's result in the tasks' order (typed per task for a literal list).
 */
export async function race<T extends readonly (() => Promise<unknown>)[]>(tasks: readonly [...T]): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  let go!: () => void;
  const gate = new Promise<void>((resolve) => (go = resolve));
  const pending = tasks.map(async (task) => {
    await gate;
    return task();
  });
  go();
  return Promise.all(pending) as Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }>;
}

/** Starts the app on a free local port, for requests over real sockets; answers its base URL. */
export async function listenLocally(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a TCP port');
  return `http://127.0.0.1:${address.port}`;
}
