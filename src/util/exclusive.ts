/** Work on one object run one at a time, in the order asked, whatever fails. */

/** A runner: `run(key, fn)` starts `fn` once every earlier `fn` for the same key has settled. */
export function exclusiveRunner<K extends object>(): <T>(key: K, fn: () => Promise<T>) => Promise<T> {
  const running = new WeakMap<K, Promise<unknown>>();
  return <T>(key: K, fn: () => Promise<T>): Promise<T> => {
    const prev = running.get(key) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    running.set(key, next.catch(() => undefined));
    return next;
  };
}
