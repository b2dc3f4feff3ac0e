import { type DomainError, err, type Result } from "../result.js";

/** Lets a test make one method of a fake fail: `fake.failures.set("listCategories", { kind: "network" })`. */
export class Failures<M extends string, E = DomainError> {
  private readonly byMethod = new Map<M, E>();

  set(method: M, error: E): void {
    this.byMethod.set(method, error);
  }

  clear(method: M): void {
    this.byMethod.delete(method);
  }

  /** The injected failure of `method`, or the value `produce` makes. */
  answer<T>(method: M, produce: () => Result<T, E>): Result<T, E> {
    const error = this.byMethod.get(method);
    return error === undefined ? produce() : err(error);
  }
}
