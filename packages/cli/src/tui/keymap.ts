import type { Key } from "ink";

// The keys every screen shares (issue 12): one table, read by the app shell and shown by `?`.

export type TuiAction =
  | "up"
  | "down"
  | "page-up"
  | "page-down"
  | "first"
  | "last"
  | "open"
  | "back"
  | "search"
  | "next-section"
  | "previous-section"
  | "help"
  | "notifications"
  | "quit";

/** What a key press means, or null when it is a screen's own key (or none). */
export function actionOf(input: string, key: Key): TuiAction | null {
  if (key.upArrow || input === "k") return "up";
  if (key.downArrow || input === "j") return "down";
  if (key.pageUp) return "page-up";
  if (key.pageDown || input === " ") return "page-down";
  if (key.home || input === "g") return "first";
  if (key.end || input === "G") return "last";
  if (key.return) return "open";
  // Terminals send Backspace as ^H or DEL; Ink names the latter 'delete'.
  if (key.escape || key.backspace || key.delete) return "back";
  if (key.tab) return key.shift ? "previous-section" : "next-section";
  if (input === "/") return "search";
  if (input === "?") return "help";
  if (input === "n") return "notifications";
  if (input === "q") return "quit";
  return null;
}

export interface KeyHelp {
  readonly keys: string;
  readonly does: string;
}

/** The `?` overlay: the shared keys, then the keys of the screen shown. */
export const SHARED_KEYS: readonly KeyHelp[] = [
  { keys: "↑ ↓  j k", does: "move" },
  { keys: "PgUp PgDn  g G", does: "a page up or down, the first or last" },
  { keys: "Enter", does: "open" },
  { keys: "Esc  Backspace", does: "back" },
  { keys: "/", does: "search products (from anywhere)" },
  { keys: "Tab  Shift-Tab", does: "next or previous section" },
  { keys: "n", does: "your notifications (the header shows how many are unread)" },
  { keys: "?", does: "show or hide these keys" },
  { keys: "q", does: "quit (Ctrl-C always quits)" },
];
