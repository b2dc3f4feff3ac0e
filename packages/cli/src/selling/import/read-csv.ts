import { createReadStream } from "node:fs";
import { parse } from "csv-parse";
import { CliFailure } from "../../cli-failure.js";
import { sellingCliMessages } from "../selling-cli-messages.js";
import { IMPORT_COLUMNS, type ImportColumn } from "./csv-columns.js";

/** One data row of the CSV: its row number (the header is row 1) and its cells by column. */
export interface CsvRow {
  readonly row: number;
  readonly cells: Readonly<Record<ImportColumn, string>>;
}

/**
 * The rows of an import CSV, streamed (a large file is never held whole). The header must name
 * every column of IMPORT_COLUMNS (any order, any case); a missing cell reads as empty.
 */
export async function* readCsvRows(file: string): AsyncGenerator<CsvRow> {
  const parser = createReadStream(file).pipe(
    parse({
      bom: true,
      columns: (header: string[]) => {
        const names = header.map((name) => name.trim().toLowerCase());
        const complete =
          IMPORT_COLUMNS.every((column) => names.includes(column)) &&
          names.every((name) => (IMPORT_COLUMNS as readonly string[]).includes(name));
        if (!complete) throw new CliFailure(sellingCliMessages.badHeader(header.join(",")));
        return names;
      },
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string | undefined>;
      info: { records: number };
    }>) {
      const cells = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, record[c] ?? ""])) as Record<
        ImportColumn,
        string
      >;
      yield { row: info.records + 1, cells };
    }
  } catch (error) {
    if (error instanceof CliFailure) throw error;
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof CliFailure) throw cause;
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      throw new CliFailure(sellingCliMessages.fileNotFound(file));
    throw new CliFailure(`${file}: ${(error as Error).message}`);
  }
}
