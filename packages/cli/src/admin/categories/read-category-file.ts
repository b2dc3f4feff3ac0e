import { readFile } from "node:fs/promises";
import { dirname, extname, isAbsolute, join } from "node:path";
import { parse } from "csv-parse/sync";
import { CliFailure, EXIT_USAGE } from "../../cli-failure.js";
import { fileFailure } from "../../output/file-failure.js";
import { checkImage } from "../../selling/image-files.js";
import { adminCliMessages as text } from "../admin-cli-messages.js";
import {
  CSV_COLUMNS,
  type FileProblem,
  ID_COLUMNS,
  LEVELS,
  sameName,
  type WantedImage,
  type WantedNode,
} from "./category-tree.js";

// An import file (JSON like the export, or CSV: [category_id,]category,[sub_category_id,]
// sub_category,filter,value[,image]) read into the tree it asks for. A category or sub category
// may carry the id the export gave it: then another name renames it. The same name twice at a
// level (case aside) is refused, naming both places, rather than merged: a CSV repeats a
// category's name on each of its rows, spelled the same. An image is a file path, relative to the
// import file's folder.

interface Draft {
  name: string;
  id?: number;
  image?: string;
  /** Where it first appears: "row 4", "category 2, sub category 1". */
  where: string;
  /** The CSV row that ends at it, if one does. */
  leafRow?: string;
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
  } catch (error) {
    throw fileFailure(file, error);
  }
  const problems: FileProblem[] = [];
  const clashes: string[] = [];
  const drafts =
    format === ".json" ? fromJson(file, content, clashes) : fromCsv(file, content, problems, clashes);
  if (clashes.length > 0) throw new CliFailure(text.duplicates(file, clashes));
  const nodes = await Promise.all(drafts.map((d) => withImages(d, dirname(file))));
  return { nodes, problems };
}

/**
 * The node `name` (with `id`, if given) under `list`: the one already there when the file names it
 * again the same way, else a new one. A second spelling of a name, or an id under two names, is
 * a clash, said in `clashes`.
 */
function draftIn(
  list: Draft[],
  wanted: { name: string; id?: number; where: string; level: string; once?: boolean },
  clashes: string[],
): Draft | undefined {
  const name = wanted.name.trim();
  const byId = wanted.id === undefined ? undefined : list.find((d) => d.id === wanted.id);
  if (byId && byId.name !== name) {
    clashes.push(text.idTwice(wanted.where, wanted.level, wanted.id!, name, byId.name, byId.where));
    return undefined;
  }
  const byName = byId ?? list.find((d) => sameName(d.name, name));
  const clash =
    byName !== undefined &&
    (wanted.once === true ||
      byName.name !== name ||
      (wanted.id !== undefined && byName.id !== undefined && byName.id !== wanted.id));
  if (byName && clash) {
    clashes.push(text.nameTwice(wanted.where, name, byName.name, byName.where));
    return undefined;
  }
  if (byName) {
    if (wanted.id !== undefined) byName.id = wanted.id;
    return byName;
  }
  const draft: Draft = { name, where: wanted.where, children: [] };
  if (wanted.id !== undefined) draft.id = wanted.id;
  list.push(draft);
  return draft;
}

function fromCsv(file: string, content: string, problems: FileProblem[], clashes: string[]): Draft[] {
  let records: string[][];
  try {
    records = parse(content, { bom: true, relax_column_count: true, skip_empty_lines: true });
  } catch (error) {
    throw new CliFailure(`${file}: ${(error as Error).message}`);
  }
  const header = (records[0] ?? []).map((h) => h.trim().toLowerCase());
  const allowed = [...CSV_COLUMNS, ...ID_COLUMNS, "image"] as readonly string[];
  if (!CSV_COLUMNS.every((c) => header.includes(c)) || !header.every((h) => allowed.includes(h)))
    throw new CliFailure(text.badCsvHeader((records[0] ?? []).join(",")));
  const at = (record: string[], column: string) => (record[header.indexOf(column)] ?? "").trim();
  const tree: Draft[] = [];
  records.slice(1).forEach((record, index) => {
    const cells = CSV_COLUMNS.map((c) => at(record, c));
    const image = header.includes("image") ? at(record, "image") : "";
    const depth = cells.findLastIndex((cell) => cell !== "") + 1;
    if (depth === 0) return;
    const row = `row ${index + 2}`;
    const path = `${row}: ${cells.slice(0, depth).join("/")}`;
    const gap = cells.slice(0, depth).indexOf("");
    if (gap >= 0) {
      problems.push({ path, error: text.gap(LEVELS[depth - 1]!, LEVELS[gap]!) });
      return;
    }
    if (image !== "" && depth > 2) {
      problems.push({ path, error: text.imageOnLeaf });
      return;
    }
    const ids: (number | undefined)[] = [];
    for (const [level, column] of ID_COLUMNS.entries()) {
      const cell = header.includes(column) ? at(record, column) : "";
      if (cell === "") continue;
      if (!/^[1-9]\d{0,9}$/.test(cell) || level >= depth) {
        problems.push({ path, error: text.badRowId(column, cell) });
        return;
      }
      ids[level] = Number(cell);
    }
    let list = tree;
    let node: Draft | undefined;
    for (const [level, cell] of cells.slice(0, depth).entries()) {
      node = draftIn(list, { name: cell, id: ids[level], where: row, level: LEVELS[level]! }, clashes);
      if (node === undefined) return;
      list = node.children;
    }
    if (!node) return;
    if (node.leafRow !== undefined) {
      clashes.push(text.rowTwice(row, node.leafRow));
      return;
    }
    node.leafRow = row;
    if (image !== "") node.image = image;
  });
  return tree;
}

type Json = Record<string, unknown>;

function fromJson(file: string, content: string, clashes: string[]): Draft[] {
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
  const id = (entry: Json, where: string): number | undefined =>
    entry.id === undefined || entry.id === null
      ? undefined
      : Number.isSafeInteger(entry.id) && (entry.id as number) > 0
        ? (entry.id as number)
        : bad(`${where}: id must be a whole number above 0`);
  const image = (entry: Json, where: string): string | undefined =>
    entry.image === undefined || entry.image === null
      ? undefined
      : typeof entry.image === "string"
        ? entry.image
        : bad(`${where}: image must be a file path`);
  const tree: Draft[] = [];
  if (!Array.isArray(data)) bad("it must be a list of categories");
  const at = (list: Draft[], entry: Json, where: string, level: number, withId: boolean) =>
    draftIn(
      list,
      {
        name: name(entry, where),
        id: withId ? id(entry, where) : undefined,
        where,
        level: LEVELS[level]!,
        once: true,
      },
      clashes,
    );
  for (const [i, category] of list(data, "the file").entries()) {
    const where = `category ${i + 1}`;
    const c = at(tree, category, where, 0, true);
    if (!c) continue;
    c.image = image(category, where) ?? c.image;
    for (const [j, sub] of list(category.sub_categories, `${where}: sub_categories`).entries()) {
      const subWhere = `${where}, sub category ${j + 1}`;
      const s = at(c.children, sub, subWhere, 1, true);
      if (!s) continue;
      s.image = image(sub, subWhere) ?? s.image;
      for (const [k, filter] of list(sub.filters, `${subWhere}: filters`).entries()) {
        const filterWhere = `${subWhere}, filter ${k + 1}`;
        const f = at(s.children, filter, filterWhere, 2, false);
        if (!f) continue;
        const values = filter.values ?? [];
        if (!Array.isArray(values) || !values.every((v) => typeof v === "string" && v.trim() !== ""))
          bad(`${filterWhere}: values must be a list of names`);
        for (const [m, value] of (values as string[]).entries()) {
          const valueWhere = `${filterWhere}, value ${m + 1}`;
          draftIn(f.children, { name: value, where: valueWhere, level: LEVELS[3], once: true }, clashes);
        }
      }
    }
  }
  return tree;
}

async function withImages(draft: Draft, folder: string): Promise<WantedNode> {
  const children = await Promise.all(draft.children.map((d) => withImages(d, folder)));
  const node = { name: draft.name, children, ...(draft.id !== undefined && { id: draft.id }) };
  if (draft.image === undefined) return node;
  return { ...node, image: await wantedImage(draft.image, folder) };
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
