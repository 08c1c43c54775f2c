// The one loop of the server's background workers (README.md "One mechanism"): the job runner,
// the mass-send engine and the media sweep each run passes of their own work through a Ticker.
// A pass that did something is followed by the next at once; an idle or failed pass by a wait of
// `idleMs`, which wake() cuts short; a wake() that comes during a pass (work that pass may have missed)
// skips the next wait. stop() ends the loop after the pass in progress and resolves
// once it has finished, so a closing app never leaves a pass half done.

export type TickerOptions = {
  /** One pass; resolves true when it did something (the next pass then runs at once). */
  pass: () => Promise<boolean>;
  /** The wait after an idle or failed pass. */
  idleMs: number;
  /** A pass that throws is reported here and the loop goes on after the idle wait. */
  onError: (error: unknown) => void;
  /** Wait `idleMs` before the first pass (a sweep that need not run as the process starts). */
  waitFirst?: boolean;
  /** The idle wait does not keep the process alive. */
  unref?: boolean;
};

export class Ticker {
  readonly #options: TickerOptions;
  #running = false;
  #loop: Promise<void> | null = null;
  #wakeUp: (() => void) | null = null;
  /** A wake() came while no wait was on (a pass running): the next wait is skipped. */
  #woken = false;

  constructor(options: TickerOptions) {
    this.#options = options;
  }

  get running(): boolean {
    return this.#running;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#run();
  }

  /** Ends the loop: resolves once the pass in progress, if any, has finished. */
  async stop(): Promise<void> {
    this.#running = false;
    this.wake();
    await this.#loop;
    this.#loop = null;
  }

  /** Cuts the idle wait short: the next pass runs now (after the pass in progress, if one is). */
  wake(): void {
    if (this.#wakeUp) this.#wakeUp();
    else this.#woken = true;
  }

  async #run(): Promise<void> {
    if (this.#options.waitFirst) await this.#idle();
    while (this.#running) {
      let worked = false;
      this.#woken = false;
      try {
        worked = await this.#options.pass();
      } catch (error) {
        this.#options.onError(error);
      }
      if (!this.#running) break;
      if (!worked && !this.#woken) await this.#idle();
    }
  }

  #idle(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.#wakeUp = null;
        resolve();
      }, this.#options.idleMs);
      if (this.#options.unref) timer.unref();
      this.#wakeUp = () => {
        clearTimeout(timer);
        this.#wakeUp = null;
        resolve();
      };
    });
  }
}
