import type { FetchLike } from "@katale/adapters-http";
import { FIRST_SCREEN_ID } from "@katale/adapters-http/contract";

/**
 * The browser's fetch, except that the answers the server inlined into the page for its first screen
 * (`<script type="application/json" id="first-screen">`, keyed by URL path) are taken instead of
 * asking the network: each by the calls for it made until it arrives (in a task of its own), and in
 * the task it arrives in, then never.
 */
export function withFirstScreen(
  fetchFn: FetchLike,
  doc: Document = document,
  origin = doc.location.origin,
): FetchLike {
  let answers: Map<string, string> | undefined;
  const load = (): Map<string, string> => {
    const element = doc.getElementById(FIRST_SCREEN_ID);
    const found = new Map<string, string>();
    try {
      const inlined = JSON.parse(element?.textContent ?? "{}") as Record<string, unknown>;
      for (const [path, body] of Object.entries(inlined)) found.set(path, JSON.stringify(body));
    } catch {
      // A page without (or with broken) first-screen data: every call goes to the network.
    }
    element?.remove();
    return found;
  };
  return (url, init) => {
    if (init.method === "GET") {
      answers ??= load();
      const target = new URL(url, origin);
      const key = `${target.pathname}${target.search}`;
      const body = target.origin === origin ? answers.get(key) : undefined;
      if (body !== undefined) {
        const inlined = answers;
        // Each answer in a task of its own: reading and checking it is then a short task between
        // others, not part of one long start-up task a slow phone cannot answer a tap during.
        return new Promise((resolve) =>
          setTimeout(() => {
            resolve({ status: 200, text: async () => body });
            // Calls chained on this answer within the task it arrives in (a screen that asks for the
            // categories twice on its way) share it; after that the page's copy is used up.
            setTimeout(() => inlined.delete(key), 0);
          }, 0),
        );
      }
    }
    return fetchFn(url, init);
  };
}
