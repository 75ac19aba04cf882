import type { App } from '../../src/app.ts';

/** Fires every task at once: none starts before all of them are prepared, so they truly race. */
export async function race<T>(tasks: (() => Promise<T>)[]): Promise<T[]> {
  let go!: () => void;
  const gate = new Promise<void>((resolve) => (go = resolve));
  const pending = tasks.map(async (task) => {
    await gate;
    return task();
  });
  go();
  return Promise.all(pending);
}

/** Starts the app on a free local port, for requests over real sockets; answers its base URL. */
export async function listenLocally(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a TCP port');
  return `http://127.0.0.1:${address.port}`;
}
