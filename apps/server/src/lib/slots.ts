/**
 * At most `size` tasks run at once; the others wait their turn, in the order they came, each for at
 * most `waitMs`, and one that is still waiting then is refused with `busy()` rather than left to pile up.
 */
export class Slots {
  #free: number;
  readonly #queue: (() => void)[] = [];

  constructor(
    readonly size: number,
    readonly waitMs: number,
  ) {
    this.#free = size;
  }

  /** Tasks running now. */
  get active(): number {
    return this.size - this.#free;
  }

  /** Tasks waiting for a slot. */
  get waiting(): number {
    return this.#queue.length;
  }

  /** Runs `task` in a slot once one is free; throws `busy()` if none is within `waitMs`. */
  async run<T>(task: () => Promise<T>, busy: () => Error): Promise<T> {
    await this.#take(busy);
    try {
      return await task();
    } finally {
      this.#give();
    }
  }

  #take(busy: () => Error): Promise<void> {
    if (this.#free > 0) {
      this.#free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.#queue.splice(this.#queue.indexOf(turn), 1);
        reject(busy());
      }, this.waitMs);
      this.#queue.push(turn);
    });
  }

  /** A slot ends: the first task waiting takes it over, or it is free. */
  #give(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#free += 1;
  }
}
