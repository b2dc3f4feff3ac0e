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

/**
 * TurnBatches of questions that each wait for an answer: `answer` gets a batch's questions and gives
 * their answers in the same order (each a value, or a promise of one: a question may fail alone); if
 * it throws, every question of the batch fails with it. Each question is answered as soon as its own
 * answer is ready; the next batch starts once every answer of this one has settled.
 */
export class TurnAsks<Q, A> {
  private readonly batches: TurnBatches<{
    question: Q;
    resolve: (answer: A | Promise<A>) => void;
    reject: (error: unknown) => void;
  }>;

  constructor(answer: (questions: Q[]) => Promise<(A | Promise<A>)[]>, max?: number) {
    this.batches = new TurnBatches(async (batch) => {
      try {
        const answers = await answer(batch.map((asked) => asked.question));
        // Each question has its answer as soon as that one is ready (a quick search of a batch does not
        // wait for the slowest); the batch still ends only when all have settled.
        for (const [i, asked] of batch.entries()) asked.resolve(answers[i]!);
        await Promise.allSettled(answers);
      } catch (error) {
        for (const asked of batch) asked.reject(error);
      }
    }, max);
  }

  /** The answer to `question`, asked with the others of its turn. */
  ask(question: Q): Promise<A> {
    return new Promise((resolve, reject) => this.batches.add({ question, resolve, reject }));
  }
}
