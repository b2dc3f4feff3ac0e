/**
 * Gathers what is asked in one turn of the event loop, or while the previous batch is on its way,
 * and hands it to `run` one batch at a time (at most `max` items each): the chat's busiest writes
 * become one statement for many messages instead of one each, and the products asked by slug at
 * once one lookup. `run` settles each item's own promise; whatever it throws is its own to report.
 */
export class TurnBatches<T> {
  private waiting: T[] = [];
  private busy = false;
  private scheduled = false;

  constructor(
    private readonly run: (batch: T[]) => Promise<void>,
    private readonly max = Number.POSITIVE_INFINITY,
  ) {}

  add(item: T): void {
    this.waiting.push(item);
    this.schedule();
  }

  private schedule(): void {
    if (this.busy || this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.busy = true;
      const batch = this.waiting.splice(0, this.max);
      void this.run(batch)
        .catch(() => {})
        .finally(() => {
          this.busy = false;
          this.schedule();
        });
    });
  }
}
