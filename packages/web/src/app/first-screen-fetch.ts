import type { FetchLike, InlinedAnswers } from "@katale/adapters-http";
import { FIRST_SCREEN_ID } from "@katale/adapters-http/contract";

/**
 * The answers the server inlined into the page for its first screen (`<script
 * type="application/json" id="first-screen">`, keyed by URL path), each given out by `read` (parsed)
 * or by `fetch` (the browser's fetch, but those calls answered from the page): each by the calls
 * for it made until it arrives (in a task of its own), and in the task it arrives in, then never.
 */
export interface FirstScreenAnswers {
  /** The gateways' first-screen reads (adapters-http inlined-first-screen.ts): no schema, no network. */
  readonly read: InlinedAnswers;
  /** `fetchFn`, except for the GETs the page carries the answer of. */
  fetch(fetchFn: FetchLike): FetchLike;
}

export function firstScreenAnswers(
  doc: Document = document,
  origin = doc.location.origin,
): FirstScreenAnswers {
  // Parsed once: the gateways' reads take the bodies as they are, a fetch writes its text again.
  let answers: Map<string, unknown> | undefined;
  const load = (): Map<string, unknown> => {
    const element = doc.getElementById(FIRST_SCREEN_ID);
    let found = new Map<string, unknown>();
    try {
      found = new Map(Object.entries(JSON.parse(element?.textContent ?? "{}") as Record<string, unknown>));
    } catch {
      // A page without (or with broken) first-screen data: every call goes to the network.
    }
    element?.remove();
    return found;
  };
  /** The inlined body of a GET of `url`, in a task of its own; undefined when the page has none. */
  const take = (url: string): Promise<unknown> | undefined => {
    answers ??= load();
    const target = new URL(url, origin);
    const key = `${target.pathname}${target.search}`;
    if (target.origin !== origin || !answers.has(key)) return undefined;
    const body = answers.get(key);
    const inlined = answers;
    // Each answer in a task of its own: reading it is then a short task between others, not part
    // of one long start-up task a slow phone cannot answer a tap during.
    return new Promise((resolve) =>
      setTimeout(() => {
        resolve(body);
        // Calls chained on this answer within the task it arrives in (a screen that asks for the
        // categories twice on its way) share it; after that the page's copy is used up.
        setTimeout(() => inlined.delete(key), 0);
      }, 0),
    );
  };
  return {
    read: take,
    fetch: (fetchFn) => (url, init) => {
      const body = init.method === "GET" ? take(url) : undefined;
      if (body === undefined) return fetchFn(url, init);
      return body.then((answer) => ({ status: 200, text: async () => JSON.stringify(answer) }));
    },
  };
}

/** The browser's fetch, except that the answers the page carries are taken from it (see above). */
export function withFirstScreen(
  fetchFn: FetchLike,
  doc: Document = document,
  origin = doc.location.origin,
): FetchLike {
  return firstScreenAnswers(doc, origin).fetch(fetchFn);
}
