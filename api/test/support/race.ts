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
