/**
 * A batch loader (the DataLoader pattern): callers ask for one thing each (`load`), and the loader
 * hands what was asked to its `answer` function as one batch, so many callers cost one statement.
 *
 * What it batches: the products asked by slug, the listing pages of one page-size statement and
 * the searches (products/product-repository.ts), the chat's stored messages (chat/chat-writer.ts)
 * and its per-user message allowances (chat/chat-limits.ts).
 *
 * When a batch closes: at the end of the current turn of the event loop (setImmediate) if no batch
 * is in flight; otherwise when the batch in flight has settled, taking everything asked meanwhile;
 * and at `max` items (the rest waits for the next batch). One batch per loader is in flight at a
 * time, so under load the batches grow with the load instead of the statements multiplying.
 *
 * Why: under the bench's cold loads a round trip per request (its socket writes and the database's
 * per-statement work) was most of a cold product page's and listing page's cost; batched, most
 * requests pay a share of one (issue 13; figures in docs/performance.md).
 *
 * `answer` gets a batch's questions and gives their answers in the same order (each a value, or a
 * promise of one: a question may fail alone); if it throws, every question of the batch fails with
 * it. Each question is answered as soon as its own answer is ready (a quick search does not wait for
 * the slowest of its batch); the next batch starts once every answer of this one has settled.
 */
export class BatchLoader<Q, A> {
  private waiting: {
    question: Q;
    resolve: (answer: A | Promise<A>) => void;
    reject: (e: unknown) => void;
  }[] = [];
  private busy = false;
  private scheduled = false;

  constructor(
    private readonly answer: (questions: Q[]) => Promise<(A | Promise<A>)[]>,
    private readonly max = Number.POSITIVE_INFINITY,
  ) {}

  /** The answer to `question`, asked in the next batch. */
  load(question: Q): Promise<A> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ question, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.busy || this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.busy = true;
      const batch = this.waiting.splice(0, this.max);
      void this.run(batch).finally(() => {
        this.busy = false;
        this.schedule();
      });
    });
  }

  private async run(batch: typeof this.waiting): Promise<void> {
    try {
      const answers = await this.answer(batch.map((asked) => asked.question));
      for (const [i, asked] of batch.entries()) asked.resolve(answers[i]!);
      await Promise.allSettled(answers);
    } catch (error) {
      for (const asked of batch) asked.reject(error);
    }
  }
}
