import type { FetchLike, RequestInitLike, ResponseLike } from "@katale/adapters-http";

// fetch cannot tell how much of a request body has gone out; XMLHttpRequest can. The browser's
// requests with a multipart body (pictures) go through XHR so the product form can show a real
// progress bar on slow networks, and Cancel can stop them; every other request stays on fetch.

type UploadListener = (sent: number, total: number) => void;
const listeners = new Set<UploadListener>();

/** Hears the bytes sent of every multipart upload until the returned function is called. */
export function onUploadProgress(listener: UploadListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** One user action's uploads (a form sent): Cancel stops them, and its retries too. */
export interface UploadSession {
  readonly cancelled: boolean;
  cancel(): void;
  end(): void;
}

let session: { cancelled: boolean } | null = null;
const inFlight = new Set<XMLHttpRequest>();

/**
 * Starts the uploads of one user action. Until `end`, `cancel` aborts the upload on the way and
 * any retry of it: the HTTP client hears an AbortError and sends nothing more.
 */
export function beginUploads(): UploadSession {
  const current = { cancelled: false };
  session = current;
  return {
    get cancelled() {
      return current.cancelled;
    },
    cancel() {
      current.cancelled = true;
      for (const xhr of inFlight) xhr.abort();
    },
    end() {
      if (session === current) session = null;
    },
  };
}

const aborted = () => new DOMException("upload cancelled", "AbortError");

function xhrUpload(url: string, init: RequestInitLike & { body: Uint8Array }): Promise<ResponseLike> {
  return new Promise((resolve, reject) => {
    if (session?.cancelled) {
      reject(aborted());
      return;
    }
    const xhr = new XMLHttpRequest();
    const settle = (done: () => void) => () => {
      inFlight.delete(xhr);
      done();
    };
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : init.body.byteLength;
      for (const listener of listeners) listener(event.loaded, total);
    };
    xhr.onload = settle(() => {
      if (xhr.status === 0) reject(new TypeError("upload failed"));
      else resolve({ status: xhr.status, text: async () => xhr.responseText });
    });
    xhr.onerror = settle(() => reject(new TypeError("upload failed")));
    xhr.onabort = settle(() => reject(aborted()));
    inFlight.add(xhr);
    xhr.send(init.body as Uint8Array<ArrayBuffer>);
  });
}

/** The browser's FetchLike: fetch, or XHR for multipart bodies so their progress can be shown. */
export const uploadAwareFetch: FetchLike = (url, init) =>
  init.body instanceof Uint8Array && typeof XMLHttpRequest === "function"
    ? xhrUpload(url, { ...init, body: init.body })
    : fetch(url, init as RequestInit);
