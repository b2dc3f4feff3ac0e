/**
 * The part of `fetch` the client uses. The global fetch of browsers and Node 20 and undici's `fetch`
 * all fit, so the composition root picks one and passes it in.
 */
export type FetchLike = (url: string, init: RequestInitLike) => Promise<ResponseLike>;

export interface RequestInitLike {
  method: string;
  headers: Record<string, string>;
  /** JSON text, or the bytes of a multipart form. */
  body?: string | Uint8Array;
}

export interface ResponseLike {
  readonly status: number;
  /** The answer's headers (Retry-After of a 503), where the fetch gives them. */
  readonly headers?: { get(name: string): string | null };
  text(): Promise<string>;
}
