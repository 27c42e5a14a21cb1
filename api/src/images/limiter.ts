/**
 * At most `size` tasks at once, the rest wait in order. Pictures are CPU- and memory-heavy: a
 * small bound keeps ten simultaneous uploads from holding ten decoded photos and from taking
 * every libuv thread (which file reads and password hashing also need).
 */
export class Limiter {
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`limiter size must be >= 1, got ${size}`);
  }

  /** Tasks running now and waiting: for tests and logs. */
  get load(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.size) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running++;
    }
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      // the slot passes straight to the next task: #running stays the same
      if (next) next();
      else this.#running--;
    }
  }
}
