// What `katale smoke` says about a failed check.

export const smokeMessages = {
  needs: (what: string) => `not run: needs ${what} from an earlier check`,
  skipped: (reason: string) => `not run: ${reason}`,
  empty: (what: string) => `no ${what} listed`,
  wrongProduct: (slug: string) => `the product at '${slug}' is another product`,
  noImage: (slug: string) => `the product '${slug}' has no image`,
  status: (url: string, status: number) => `${url} answered HTTP ${status}`,
  notAnImage: (url: string, type: string) => `${url} is not an image (${type || "no content type"})`,
  notFoundBySearch: (name: string, word: string) => `searching '${word}' does not find '${name}'`,
  notApiDocs: (url: string) => `${url} is not an OpenAPI document`,
  wrongUser: (expected: string, got: string) => `users/me/ answered ${got}, not ${expected}`,
  allSaved: "every product of the first page is already saved by this account",
  allFollowed: "every shop is already followed by this account",
  noOtherShop: "every shop listed belongs to this account: no shop to chat with",
  socketRefused: (status: number) => `the chat socket was refused with HTTP ${status}`,
  wrongProtocol: (protocol: string) =>
    `the chat socket answered the subprotocol '${protocol || "none"}', not 'katale.chat.v1'`,
  cannotReach: (url: string) => `cannot reach ${url}`,
  timedOut: (ms: number) => `timed out after ${ms} ms`,
  summary: (passed: number, failed: number, skipped: number) =>
    `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`,
  accountNeedsPassword: "--account needs --password-stdin (the password is never given on the command line)",
  noPassword:
    'No password on stdin: pipe it, e.g. echo "$PW" | katale smoke --account me@x.ug --password-stdin',
} as const;
