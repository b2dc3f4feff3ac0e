import { readFile } from "node:fs/promises";
import { dirname, extname, isAbsolute, join } from "node:path";
import { parse } from "csv-parse/sync";
import { CliFailure, EXIT_USAGE } from "../../cli-failure.js";
import { checkImage } from "../../selling/image-files.js";
import { adminCliMessages as text } from "../admin-cli-messages.js";
import {
  CSV_COLUMNS,
  type FileProblem,
  LEVELS,
  sameName,
  type WantedImage,
  type WantedNode,
} from "./category-tree.js";

// An import file (JSON like the export, or CSV: category,sub_category,filter,value[,image]) read
// into the tree it asks for. The same name twice at a level (case aside) is one node; an image is
// a file path, relative to the import file's folder.

interface Draft {
  name: string;
  image?: string;
  children: Draft[];
}

export interface WantedCatalogue {
  readonly nodes: WantedNode[];
  readonly problems: FileProblem[];
}

export async function readCategoryFile(file: string): Promise<WantedCatalogue> {
  const format = extname(file).toLowerCase();
  if (format !== ".json" && format !== ".csv") throw new CliFailure(text.badFormat(file), EXIT_USAGE);
  let content: string;
  try {
    content = await readFile(file, "utf8");
  } catch {
    throw new CliFailure(`${file} does not exist or cannot be read.`);
  }
  const problems: FileProblem[] = [];
  const drafts = format === ".json" ? fromJson(file, content) : fromCsv(file, content, problems);
  const nodes = await Promise.all(drafts.map((d) => withImages(d, dirname(file))));
  return { nodes, problems };
}

/** Adds `name` (and what it holds) under `list`, merged with a node of the same name. */
function draftIn(list: Draft[], name: string): Draft {
  const found = list.find((d) => sameName(d.name, name));
  if (found) return found;
  const draft: Draft = { name: name.trim(), children: [] };
  list.push(draft);
  return draft;
}

function fromCsv(file: string, content: string, problems: FileProblem[]): Draft[] {
  let records: string[][];
  try {
    records = parse(content, { bom: true, relax_column_count: true, skip_empty_lines: true });
  } catch (error) {
    throw new CliFailure(`${file}: ${(error as Error).message}`);
  }
  const header = (records[0] ?? []).map((h) => h.trim().toLowerCase());
  const allowed = [...CSV_COLUMNS, "image"] as readonly string[];
  if (!CSV_COLUMNS.every((c) => header.includes(c)) || !header.every((h) => allowed.includes(h)))
    throw new CliFailure(text.badCsvHeader((records[0] ?? []).join(",")));
  const at = (record: string[], column: string) => (record[header.indexOf(column)] ?? "").trim();
  const tree: Draft[] = [];
  records.slice(1).forEach((record, index) => {
    const cells = CSV_COLUMNS.map((c) => at(record, c));
    const image = header.includes("image") ? at(record, "image") : "";
    const depth = cells.findLastIndex((cell) => cell !== "") + 1;
    if (depth === 0) return;
    const path = `row ${index + 2}: ${cells.slice(0, depth).join("/")}`;
    const gap = cells.slice(0, depth).indexOf("");
    if (gap >= 0) {
      problems.push({ path, error: text.gap(LEVELS[depth - 1]!, LEVELS[gap]!) });
      return;
    }
    if (image !== "" && depth > 2) {
      problems.push({ path, error: text.imageOnLeaf });
      return;
    }
    let list = tree;
    let node: Draft | undefined;
    for (const cell of cells.slice(0, depth)) {
      node = draftIn(list, cell);
      list = node.children;
    }
    if (image !== "" && node) node.image = image;
  });
  return tree;
}

type Json = Record<string, unknown>;

function fromJson(file: string, content: string): Draft[] {
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch (error) {
    throw new CliFailure(text.badJson(file, (error as Error).message));
  }
  const bad = (why: string): never => {
    throw new CliFailure(text.badJson(file, why));
  };
  const list = (value: unknown, where: string): Json[] =>
    value === undefined
      ? []
      : Array.isArray(value) && value.every((v) => typeof v === "object" && v !== null)
        ? (value as Json[])
        : bad(`${where} must be a list of objects`);
  const name = (entry: Json, where: string): string =>
    typeof entry.name === "string" && entry.name.trim() !== "" ? entry.name : bad(`${where} needs a name`);
  const image = (entry: Json, where: string): string | undefined =>
    entry.image === undefined || entry.image === null
      ? undefined
      : typeof entry.image === "string"
        ? entry.image
        : bad(`${where}: image must be a file path`);
  const tree: Draft[] = [];
  if (!Array.isArray(data)) bad("it must be a list of categories");
  for (const [i, category] of list(data, "the file").entries()) {
    const where = `category ${i + 1}`;
    const c = draftIn(tree, name(category, where));
    c.image = image(category, where) ?? c.image;
    for (const [j, sub] of list(category.sub_categories, `${where}: sub_categories`).entries()) {
      const subWhere = `${where}, sub category ${j + 1}`;
      const s = draftIn(c.children, name(sub, subWhere));
      s.image = image(sub, subWhere) ?? s.image;
      for (const [k, filter] of list(sub.filters, `${subWhere}: filters`).entries()) {
        const f = draftIn(s.children, name(filter, `${subWhere}, filter ${k + 1}`));
        const values = filter.values ?? [];
        if (!Array.isArray(values) || !values.every((v) => typeof v === "string" && v.trim() !== ""))
          bad(`${subWhere}, filter ${k + 1}: values must be a list of names`);
        for (const value of values as string[]) draftIn(f.children, value);
      }
    }
  }
  return tree;
}

async function withImages(draft: Draft, folder: string): Promise<WantedNode> {
  const children = await Promise.all(draft.children.map((d) => withImages(d, folder)));
  if (draft.image === undefined) return { name: draft.name, children };
  return { name: draft.name, children, image: await wantedImage(draft.image, folder) };
}

async function wantedImage(file: string, folder: string): Promise<WantedImage> {
  const checked = await checkImage(isAbsolute(file) ? file : join(folder, file));
  if (checked.ok) return checked;
  const error =
    checked.problem === "missing"
      ? text.imageNotFound(file)
      : checked.problem === "too-large"
        ? text.imageTooLarge(file)
        : text.imageNotAnImage(file);
  return { ok: false, file, error };
}
