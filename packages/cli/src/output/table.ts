import { displayWidth, padEnd, padStart, truncate } from "./text.js";

export interface Column<T> {
  readonly header: string;
  readonly value: (row: T) => string;
  readonly align?: "left" | "right";
  /** May be cut (with "…") so the table fits; fixed columns never are. */
  readonly shrink?: boolean;
  /** Narrowest a shrinking column gets (at least its header). Default 6. */
  readonly minWidth?: number;
  /** How strongly a shrinking column keeps its width: 2 gives up one column for another's two. */
  readonly weight?: number;
  /** The cell cut to `width` when it does not fit; default: truncated with "…". */
  readonly cut?: (row: T, width: number) => string;
}

const GAP = "  ";

/**
 * Rows as an aligned table no wider than `maxWidth` (when it can be): shrinking columns give up
 * room one column at a time, by weight, down to their minimum. Upper-case headers, two spaces apart.
 */
export function renderTable<T>(
  columns: readonly Column<T>[],
  rows: readonly T[],
  maxWidth: number,
): string[] {
  const cells = rows.map((row) => columns.map((column) => column.value(row)));
  const widths = columns.map((column, i) =>
    Math.max(displayWidth(column.header), ...cells.map((row) => displayWidth(row[i] ?? ""))),
  );
  fit(columns, widths, maxWidth - GAP.length * (columns.length - 1));

  const line = (values: readonly string[], row?: T) =>
    columns
      .map((column, i) => {
        const width = widths[i] ?? 0;
        const value = values[i] ?? "";
        const text =
          displayWidth(value) <= width
            ? value
            : row !== undefined && column.cut
              ? column.cut(row, width)
              : truncate(value, width);
        return column.align === "right" ? padStart(text, width) : padEnd(text, width);
      })
      .join(GAP)
      .trimEnd();

  return [
    line(columns.map((c) => c.header.toUpperCase())),
    ...cells.map((values, r) => line(values, rows[r])),
  ];
}

function fit<T>(columns: readonly Column<T>[], widths: number[], room: number): void {
  const minimum = (column: Column<T>) => Math.max(column.minWidth ?? 6, displayWidth(column.header));
  let excess = widths.reduce((sum, w) => sum + w, 0) - room;
  while (excess > 0) {
    // The shrinking column with the most room to spare, relative to its weight, gives one up.
    let chosen = -1;
    let most = 0;
    columns.forEach((column, i) => {
      const spare = ((widths[i] ?? 0) - minimum(column)) / (column.weight ?? 1);
      if (column.shrink && spare > most) {
        chosen = i;
        most = spare;
      }
    });
    if (chosen < 0) return;
    widths[chosen] = (widths[chosen] ?? 0) - 1;
    excess -= 1;
  }
}
