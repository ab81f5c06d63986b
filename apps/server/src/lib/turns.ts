/** Turns for `atOnce` holders at a time, first come first served, with at most `waiting` in line. */
export class Turns {
  #holders = 0;
  readonly #line: (() => void)[] = [];

  constructor(
    readonly atOnce: number,
    readonly waiting = Number.POSITIVE_INFINITY,
  ) {}

  /**
   * Resolves with the turn's release once it is this caller's turn; false at once when the line is
   * full, or when `gone` settles first (its client left): its place is given up.
   */
  take(gone: Promise<void> = new Promise(() => {})): Promise<(() => void) | false> {
    if (this.#holders < this.atOnce) {
      this.#holders += 1;
      return Promise.resolve(this.#release());
    }
    if (this.#line.length >= this.waiting) return Promise.resolve(false);
    return new Promise((resolve) => {
      const start = () => resolve(this.#release());
      this.#line.push(start);
      void gone.then(() => {
        const place = this.#line.indexOf(start);
        if (place < 0) return;
        this.#line.splice(place, 1);
        resolve(false);
      });
    });
  }

  /** Holders now and callers in line, for tests. */
  get counts() {
    return { holding: this.#holders, waiting: this.#line.length };
  }

  #release() {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#line.shift();
      // The turn passes straight to the next in line; with nobody waiting it is free again.
      if (next) next();
      else this.#holders -= 1;
    };
  }
}
