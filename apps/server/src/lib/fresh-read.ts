/**
 * A read shared by concurrent callers that never hands a caller one already on its way: a caller
 * gets the result of a read that started after it asked, so every change committed before it asked
 * is seen. Callers that ask while a read is running share the next one, which starts once the running
 * one ends and reads the keys of all of them at once (the session counters, core/session-store.ts and
 * core/portal-sessions.ts).
 */
export class FreshRead<T> {
  private running: Promise<T> | null = null;
  private waiting: { keys: Set<string>; read: Promise<T> } | null = null;
  constructor(private readonly read: (keys: Set<string>) => Promise<T>) {}

  next(key = ''): Promise<T> {
    if (this.waiting) {
      this.waiting.keys.add(key);
      return this.waiting.read;
    }
    const running = this.running;
    if (!running) return this.start(new Set([key]));
    const keys = new Set([key]);
    const start = () => {
      this.waiting = null;
      return this.start(keys);
    };
    this.waiting = { keys, read: running.then(start, start) };
    return this.waiting.read;
  }

  private start(keys: Set<string>): Promise<T> {
    const read = this.read(keys);
    this.running = read;
    const done = () => {
      if (this.running === read) this.running = null;
    };
    read.then(done, done);
    return read;
  }
}
