/** Where a run writes, and how wide its lines may be. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Columns of the terminal (or a default when output is not one). */
  readonly width: number;
  /** stderr when it is a terminal: progress bars go there; absent, long work shows none. */
  readonly progress?: NodeJS.WriteStream;
}

/** Width used when stdout is not a terminal and COLUMNS is not set. */
export const DEFAULT_WIDTH = 80;
/** Below this, tables cannot be made readable; wrap instead of squeezing further. */
export const MIN_WIDTH = 40;

/** A terminal's width, else $COLUMNS, else 80. */
export function outputWidth(
  columns: number | undefined,
  env: Readonly<Record<string, string | undefined>>,
): number {
  const fromEnv = Number.parseInt(env.COLUMNS ?? "", 10);
  const width =
    columns !== undefined && columns > 0 ? columns : Number.isFinite(fromEnv) ? fromEnv : DEFAULT_WIDTH;
  return Math.max(MIN_WIDTH, width);
}
