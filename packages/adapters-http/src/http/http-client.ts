import { type DomainError, err, ok, type Result } from "@katale/domain";
import type { z } from "zod";
import { type CallDef, fillPath } from "../contract/common.js";
import { IDEMPOTENCY_KEY_HEADER, takesIdempotencyKey } from "../contract/idempotent-calls.js";
import { errorFromResponse } from "./error-mapping.js";
import type { FetchLike, RequestInitLike } from "./fetch-like.js";
import { newIdempotencyKey, RETRY_DELAYS_MS, worthRetrying } from "./idempotency-key.js";
import { encodeMultipart, type MultipartFields } from "./multipart-body.js";

/** Base URLs of the two services, e.g. `https://katale.ug/api/shop/` (trailing slash optional). */
export interface ServiceUrls {
  readonly authUrl: string;
  readonly shopUrl: string;
}

type SuccessStatus = 200 | 201 | 204;
type SuccessSchema<C extends CallDef> = C["response"][Extract<keyof C["response"], SuccessStatus>];
/** The body of a call's success answer, as its contract schema reads it. */
export type SuccessBody<C extends CallDef> =
  SuccessSchema<C> extends z.ZodType ? z.output<SuccessSchema<C>> : never;

export interface CallInput<C extends CallDef> {
  /** Values for the path template's `:names`. */
  readonly params?: Record<string, string | number>;
  /** Query string; undefined values are left out, a list repeats the parameter. */
  readonly query?: Record<string, string | number | readonly (string | number)[] | undefined>;
  /** JSON body. */
  readonly body?: C["body"] extends z.ZodType ? z.input<C["body"]> : never;
  /** Sent as `Authorization: Token <key>`. */
  readonly token?: string | null;
  /** A multipart/form-data body (calls with `encoding: "multipart"`), instead of `body`. */
  readonly form?: MultipartFields;
}

/**
 * A failed exchange before it becomes a domain error: no answer at all, or an answer that is an
 * error status or breaks the contract. Gateways whose services have refusals of their own (the auth
 * service's codes: wrong_code, wrong_password, ...) read it; the others take `call`'s domain error.
 */
export type HttpFailure =
  | { readonly kind: "network" }
  | { readonly kind: "status"; readonly status: number; readonly body: unknown };

/**
 * Calls one contract call and answers a Result: the success body checked against the contract, or
 * a domain error (network failure, invalid_page, not found, refused input, server failure). An
 * answer that does not match the contract is a server failure: we never pass on unchecked data.
 */
export class HttpClient {
  constructor(
    private readonly urls: ServiceUrls,
    private readonly fetch: FetchLike,
    /** The waits before a create's retries (calls that take an Idempotency-Key); one retry per wait. */
    private readonly retryDelaysMs: readonly number[] = RETRY_DELAYS_MS,
  ) {}

  async call<C extends CallDef>(call: C, input: CallInput<C> = {}): Promise<Result<SuccessBody<C>>> {
    const answer = await this.exchange(call, input);
    return answer.ok ? answer : err(domainErrorOf(answer.error));
  }

  /**
   * Like `call`, with the success status beside the body: for calls whose success statuses mean
   * different things (201 created, 200 it was there already).
   */
  async callWithStatus<C extends CallDef>(
    call: C,
    input: CallInput<C> = {},
  ): Promise<Result<{ readonly status: number; readonly body: SuccessBody<C> }>> {
    const answer = await this.respond(call, input);
    return answer.ok ? answer : err(domainErrorOf(answer.error));
  }

  /** Like `call`, but a failure keeps its status and body. */
  async exchange<C extends CallDef>(
    call: C,
    input: CallInput<C> = {},
  ): Promise<Result<SuccessBody<C>, HttpFailure>> {
    const answer = await this.respond(call, input);
    return answer.ok ? ok(answer.value.body) : answer;
  }

  private async respond<C extends CallDef>(
    call: C,
    input: CallInput<C>,
  ): Promise<Result<{ readonly status: number; readonly body: SuccessBody<C> }, HttpFailure>> {
    const url = this.urlOf(call, input);
    const init: RequestInitLike = { method: call.method, headers: { accept: "application/json" } };
    if (input.token) init.headers.authorization = `Token ${input.token}`;
    if (input.form !== undefined) {
      const multipart = encodeMultipart(input.form);
      init.headers["content-type"] = multipart.contentType;
      init.body = multipart.body;
    } else if (input.body !== undefined) {
      init.headers["content-type"] = "application/json";
      init.body = JSON.stringify(input.body);
    }

    // A create carries one key for this call, and is sent again with it when no answer came or
    // the server kept nothing: the server answers a repeat with the first answer, never a duplicate.
    const retries = takesIdempotencyKey(call) ? this.retryDelaysMs : [];
    if (retries.length > 0) init.headers[IDEMPOTENCY_KEY_HEADER] = `"${newIdempotencyKey()}"`;
    let answer = await this.send(url, init);
    for (const delay of retries) {
      // Cancelled by the user (an AbortError): nothing more is sent.
      if (answer === "aborted") break;
      if (!worthRetrying(answer === null ? "network" : answer.status, answer?.body)) break;
      // An offline browser says so at once: no waiting out the retries while nothing can be sent.
      if (answer === null && (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine === false)
        break;
      await new Promise((resolve) => setTimeout(resolve, delay));
      answer = await this.send(url, init);
    }
    if (answer === null || answer === "aborted") return err({ kind: "network" });
    const { status, body } = answer;
    if (status < 200 || status >= 300) return err({ kind: "status", status, body });
    const schema = call.response[status] as z.ZodType | undefined;
    const checked = schema?.safeParse(status === 204 ? null : body);
    return checked?.success
      ? ok({ status, body: checked.data as SuccessBody<C> })
      : err({ kind: "status", status, body });
  }

  /** One exchange: the status and the parsed body, null when no answer came, "aborted" when cancelled. */
  private async send(
    url: string,
    init: RequestInitLike,
  ): Promise<{ status: number; body: unknown } | null | "aborted"> {
    try {
      const response = await this.fetch(url, init);
      return { status: response.status, body: parseJson(await response.text()) };
    } catch (error) {
      return (error as { name?: unknown } | null)?.name === "AbortError" ? "aborted" : null;
    }
  }

  private urlOf(call: CallDef, input: CallInput<CallDef>): string {
    const base = call.service === "auth" ? this.urls.authUrl : this.urls.shopUrl;
    const url = new URL(fillPath(call.path, input.params), base.endsWith("/") ? base : `${base}/`);
    for (const [name, value] of Object.entries(input.query ?? {})) {
      if (value === undefined) continue;
      if (typeof value === "object") for (const one of value) url.searchParams.append(name, String(one));
      else url.searchParams.set(name, String(value));
    }
    return url.toString();
  }
}

/**
 * The domain error of a failed exchange. A 2xx that breaks the contract is a server failure: we
 * never pass on unchecked data.
 */
export function domainErrorOf(failure: HttpFailure): DomainError {
  if (failure.kind === "network") return failure;
  return failure.status < 300
    ? { kind: "server", status: failure.status }
    : errorFromResponse(failure.status, failure.body);
}

function parseJson(text: string): unknown {
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
