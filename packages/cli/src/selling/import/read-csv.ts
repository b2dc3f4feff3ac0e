import { createReadStream } from "node:fs";
import { pipeline } from "node:stream";
import { CsvError, parse } from "csv-parse";
import { CliFailure } from "../../cli-failure.js";
import { sellingCliMessages as text } from "../selling-cli-messages.js";
import { unescapeCell } from "./csv-cells.js";
import { IMPORT_COLUMNS, type ImportColumn, OPTIONAL_COLUMNS, type OptionalColumn } from "./csv-columns.js";
import { decodeCsv, type InvalidUtf8 } from "./decode-csv.js";

/**
 * One data row of the CSV: its row number (the header is row 1) and its cells by column; an
 * optional column the file leaves out is absent.
 */
export interface CsvRow {
  readonly row: number;
  readonly cells: Readonly<Record<ImportColumn, string> & Partial<Record<OptionalColumn, string>>>;
}

const KNOWN_COLUMNS: readonly string[] = [...IMPORT_COLUMNS, ...OPTIONAL_COLUMNS];

/** Where the file cannot be read, as `--json` prints it under `error`. */
export interface CsvProblem {
  readonly line?: number;
  readonly row?: number;
  readonly column?: string;
  readonly message: string;
}

/** The file as a whole cannot be read: nothing of it is imported. */
export class CsvFileError extends CliFailure {
  constructor(
    file: string,
    readonly problem: CsvProblem,
  ) {
    super(text.fileProblem(file, problem));
  }
}

interface ParsedRecord {
  record: Record<string, string | undefined>;
  info: { records: number; lines: number; bytes: number; empty_lines: number };
}

/**
 * The rows of an import CSV, streamed (a large file is never held whole), decoded from `encoding`
 * (UTF-8 by default; invalid UTF-8 stops the read at the row that holds it). The header must name
 * every column of IMPORT_COLUMNS (any order, any case), and may name OPTIONAL_COLUMNS; a missing
 * cell reads as empty; a cell the
 * export wrote behind a quote (a formula guard) reads as it was.
 */
export async function* readCsvRows(file: string, encoding = "utf-8"): AsyncGenerator<CsvRow> {
  const invalid: InvalidUtf8 = { at: undefined };
  const notUtf8 = (row: number, column: string | undefined, cell: string) =>
    new CsvFileError(file, { row, column, message: text.notUtf8(row, column, cell) });
  let optional: readonly OptionalColumn[] = [];
  const parser = parse({
    columns: (header: string[]) => {
      const names = header.map((name) => name.trim().toLowerCase());
      const bad = header.find((name) => name.includes("\uFFFD"));
      if (invalid.at !== undefined && bad !== undefined) throw notUtf8(1, undefined, bad);
      const complete =
        IMPORT_COLUMNS.every((column) => names.includes(column)) &&
        names.every((name) => KNOWN_COLUMNS.includes(name));
      if (!complete) throw new CsvFileError(file, { line: 1, message: text.badHeader(header.join(",")) });
      optional = OPTIONAL_COLUMNS.filter((column) => names.includes(column));
      return names;
    },
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
  });
  pipeline(createReadStream(file), decodeCsv(encoding, invalid), parser, () => {
    // Errors reach the loop below through the parser.
  });
  // Where the last whole record ended: an unclosed quote opens on the next line that is not blank.
  let last = { lines: 1, empty: 0 };
  try {
    for await (const { record, info } of parser as AsyncIterable<ParsedRecord>) {
      const row = info.records + 1;
      if (invalid.at !== undefined && info.bytes > invalid.at) {
        const column = [...IMPORT_COLUMNS, ...optional].find((c) => record[c]?.includes("\uFFFD"));
        throw notUtf8(row, column, column === undefined ? "" : (record[column] ?? ""));
      }
      last = { lines: info.lines, empty: info.empty_lines };
      const cells = Object.fromEntries(
        [...IMPORT_COLUMNS, ...optional].map((c) => [c, unescapeCell(record[c] ?? "")]),
      ) as CsvRow["cells"];
      yield { row, cells };
    }
  } catch (error) {
    throw readFailure(error, file, last);
  }
}

/** What went wrong reading the file, in the user's words. */
function readFailure(error: unknown, file: string, last: { lines: number; empty: number }): CliFailure {
  if (error instanceof CliFailure) return error;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof CliFailure) return cause;
  const { code, lines, empty_lines } = error as { code?: string; lines?: number; empty_lines?: number };
  if (code === "ENOENT" || code === "EISDIR" || code === "EACCES")
    return new CliFailure(text.fileNotFound(file));
  if (code === "CSV_QUOTE_NOT_CLOSED") {
    const line = last.lines + 1 + Math.max(0, (empty_lines ?? 0) - last.empty);
    return new CsvFileError(file, { line, message: text.quoteNotClosed });
  }
  if (error instanceof CsvError && lines !== undefined) {
    const message =
      code === "CSV_INVALID_CLOSING_QUOTE"
        ? text.textAfterQuote
        : code === "INVALID_OPENING_QUOTE"
          ? text.quoteInsideCell
          : (error as Error).message;
    return new CsvFileError(file, { line: lines, message });
  }
  return new CliFailure(`${file}: ${(error as Error).message}`);
}
