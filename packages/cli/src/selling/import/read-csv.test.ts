import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type CsvFileError, readCsvRows } from "./read-csv.js";

const HEADER = "sku,name,description,price,stock,category,sub_category,images";
const dir = mkdtempSync(join(tmpdir(), "katale-read-csv-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, bytes: Buffer | string): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

async function rows(path: string, encoding?: string) {
  const read = [];
  for await (const row of readCsvRows(path, encoding)) read.push(row);
  return read;
}

async function failure(path: string, encoding?: string): Promise<CsvFileError> {
  try {
    await rows(path, encoding);
  } catch (error) {
    return error as CsvFileError;
  }
  throw new Error("the file was read");
}

// "Café chair" as Excel on Windows saves it: é is the one byte E9.
const windows1252 = Buffer.concat([
  Buffer.from(`${HEADER}\r\nA-1,Caf`),
  Buffer.from([0xe9]),
  Buffer.from(" chair,Oak,15000,2,Home,Chairs,a.png\r\n"),
]);

describe("reading the import CSV", () => {
  it("refuses Windows-1252 text as UTF-8, naming its row and column and the option that reads it", async () => {
    const error = await failure(file("excel.csv", windows1252));
    expect(error.problem).toMatchObject({ row: 2, column: "name" });
    expect(error.message).toContain("row 2, column name: the text is not UTF-8");
    expect(error.message).toContain("--encoding windows-1252");
  });

  it("reads it with --encoding windows-1252", async () => {
    const read = await rows(file("excel.csv", windows1252), "windows-1252");
    expect(read.map((r) => r.cells.name)).toEqual(["Café chair"]);
  });

  it("finds the bad bytes on a later row, after a row with a real U+FFFD", async () => {
    const text = `${HEADER}\nA-1,Odd \uFFFD sign,x,1,1,c,s,a.png\nA-2,Fine,`;
    const bytes = Buffer.concat([Buffer.from(text), Buffer.from([0xff]), Buffer.from(",1,1,c,s,a.png\n")]);
    const error = await failure(file("later.csv", bytes));
    expect(error.problem).toMatchObject({ row: 3, column: "description" });
  });

  it("reads a file larger than a chunk whose accents fall across chunk ends, and finds bad bytes far in", async () => {
    const line = (n: number) => `A-${n},Café ${n} é,Crème brûlée,1,1,c,s,a.png\n`;
    const body = Array.from({ length: 6000 }, (_, n) => line(n)).join("");
    const read = await rows(file("big.csv", `${HEADER}\n${body}`));
    expect(read).toHaveLength(6000);
    expect(read.every((r) => !r.cells.name.includes("\uFFFD"))).toBe(true);
    expect(read[5999]?.cells.name).toBe("Café 5999 é");
    const bad = Buffer.concat([
      Buffer.from(`${HEADER}\n${body}A-x,Lamp,`),
      Buffer.from([0xc3]),
      Buffer.from(",1,1,c,s,a.png\n"),
    ]);
    expect((await failure(file("big-bad.csv", bad))).problem).toMatchObject({
      row: 6002,
      column: "description",
    });
  });

  it("reads UTF-8 with a BOM and CRLF line ends", async () => {
    const path = file(
      "bom.csv",
      `\uFEFF${HEADER}\r\nA-1,Café chair,"Two\r\nlines",15000,2,Home,Chairs,a.png\r\n`,
    );
    const read = await rows(path);
    expect(read).toEqual([
      {
        row: 2,
        cells: expect.objectContaining({ sku: "A-1", name: "Café chair", description: "Two\r\nlines" }),
      },
    ]);
  });

  it("stops at an unclosed quote with the line where it opens", async () => {
    const path = file(
      "quote.csv",
      `${HEADER}\nA-1,Lamp,x,1,1,c,s,a.png\n\nA-2,"Torch,x,1,1,c,s,a.png\nA-3,Fan,x,1,1,c,s,a.png\n`,
    );
    const error = await failure(path);
    expect(error.problem).toEqual({
      line: 4,
      message: 'a quoted cell starts here and is never closed (a " is missing)',
    });
    expect(error.message).toBe(
      `${path}, line 4: a quoted cell starts here and is never closed (a " is missing). Nothing was imported.`,
    );
  });

  it("stops at text after a closing quote with its line", async () => {
    const path = file("after.csv", `${HEADER}\nA-1,"Lamp" big,x,1,1,c,s,a.png\n`);
    expect((await failure(path)).problem.line).toBe(2);
  });

  it("stops at a quote inside an unquoted cell with its line", async () => {
    const path = file("inside.csv", `${HEADER}\nA-1,Lamp,x,1,1,c,s,a.png\nA-2,12" pipe,x,1,1,c,s,a.png\n`);
    expect((await failure(path)).problem).toEqual({
      line: 3,
      message: 'a " inside a cell: put the whole cell in quotes and write the " twice ("")',
    });
  });

  it("reads a cell the export guarded against formulas as it was", async () => {
    const path = file("guarded.csv", `${HEADER}\nA-1,'=1+1,'- two,1,1,c,s,a.png\n`);
    const [row] = await rows(path);
    expect(row?.cells).toMatchObject({ name: "=1+1", description: "- two" });
  });
});
