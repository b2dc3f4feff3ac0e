// Terminal text helpers. Widths count code points: our glyphs (★ ✓ …) are one column wide in the
// terminals people use, and product names hold no wide (CJK) characters.

const ELLIPSIS = "…";

/** Columns a string takes. */
export function displayWidth(text: string): number {
  return [...text].length;
}

/** `text` cut to `width` columns, ending in "…" when cut. */
export function truncate(text: string, width: number): string {
  if (width <= 0) return "";
  const chars = [...text];
  if (chars.length <= width) return text;
  return `${chars
    .slice(0, width - 1)
    .join("")
    .trimEnd()}${ELLIPSIS}`;
}

export function padEnd(text: string, width: number): string {
  return text + " ".repeat(Math.max(0, width - displayWidth(text)));
}

export function padStart(text: string, width: number): string {
  return " ".repeat(Math.max(0, width - displayWidth(text))) + text;
}

/** Words wrapped into lines of at most `width` columns (a longer word is cut). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter((w) => w !== "")) {
      const fitted = truncate(word, width);
      if (line === "") line = fitted;
      else if (displayWidth(line) + 1 + displayWidth(fitted) <= width) line = `${line} ${fitted}`;
      else {
        lines.push(line);
        line = fitted;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Lines joined into printable output ending in one newline. */
export function lines(...parts: (string | readonly string[] | null | undefined | false)[]): string {
  const flat = parts.flatMap((part) => (part === null || part === undefined || part === false ? [] : part));
  return `${flat.join("\n")}\n`;
}
