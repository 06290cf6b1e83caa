/**
 * Managers asking the same question at the same moment share one computation
 * (docs/decisions/021 'One computation for simultaneous readers'): while a
 * company's figures are being read, the next identical request waits for that
 * read instead of starting another. Nothing is kept once it answers, so no
 * reply is older than the request before it. One per app, never module-wide:
 * tests run several apps on different databases in one process.
 */
export function sharedReads() {
  const running = new Map<string, Promise<unknown>>();
  return function share<T>(key: string, read: () => Promise<T>): Promise<T> {
    const current = running.get(key) as Promise<T> | undefined;
    if (current) return current;
    const started = read().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}
