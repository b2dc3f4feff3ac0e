import { CSV_COLUMNS, ID_COLUMNS } from "./categories/category-tree.js";

// Texts only the terminal's admin commands say; the service's outcomes come from the domain's messages.

export const adminCliMessages = {
  adminNeeded: "This needs an admin account: log in as an admin with 'katale login'.",
  badCsvHeader: (found: string) =>
    `The CSV header must name the columns ${CSV_COLUMNS.join(",")} and may add ${ID_COLUMNS.join(", ")} and image (found: ${found || "nothing"}).`,
  badRowId: (column: string, cell: string) =>
    `${column} "${cell}" is not the id of this row's ${column.replace("_id", "").replace("_", " ")}`,
  nameTwice: (where: string, name: string, first: string, firstWhere: string) =>
    first === name
      ? `${where}: "${name}" is already in ${firstWhere}`
      : `${where}: "${name}" is "${first}" of ${firstWhere} spelled another way (names match whatever their case)`,
  idTwice: (where: string, level: string, id: number, name: string, first: string, firstWhere: string) =>
    `${where}: ${level} ${id} is named "${name}" here and "${first}" in ${firstWhere}`,
  rowTwice: (row: string, first: string) => `${row} repeats ${first}`,
  duplicates: (file: string, clashes: readonly string[]) =>
    [
      `${file} names something twice; nothing was changed. Give each name once:`,
      ...clashes.map((c) => `  ${c}`),
    ].join("\n"),
  idNotFound: (level: string, id: number) =>
    `no ${level} has the id ${id} (export the catalogue again for its ids)`,
  pruneNeedsYes: (n: number) =>
    `--prune would delete ${n} ${n === 1 ? "entry" : "entries"} (listed above): run again with --yes to delete ${n === 1 ? "it" : "them"}.`,
  manyNeedYes: (n: number, limit: number) =>
    `The file makes ${n} changes, more than ${limit.toLocaleString("en")}: run again with --yes to apply them.`,
  confirmPrompt: (n: number, word: string) =>
    `${n} ${n === 1 ? "change" : "changes"} will be made. Type ${word} to go on: `,
  notCreatedBelow: (error: string, n: number) =>
    `${error} (so the ${n} under it ${n === 1 ? "is" : "are"} not created either)`,
  notConfirmed: "Not confirmed: nothing was changed.",
  badFormat: (file: string) => `${file}: give a .json or .csv file.`,
  badJson: (file: string, why: string) => `${file} is not a category file: ${why}`,
  gap: (level: string, missing: string) => `a ${level} needs its ${missing}`,
  imageOnLeaf: "image: only a category or a sub category has an image",
  imageNotFound: (file: string) => `image: ${file} does not exist`,
  imageNotAnImage: (file: string) => `image: ${file} is not an image (JPEG, PNG, WebP, GIF or AVIF)`,
  imageTooLarge: (file: string) => `image: ${file} is larger than 10 MB`,
  parentFailed: "not created: what it belongs to was not created",
  nothingToDo: "Nothing to change: the catalogue already matches the file.",
  dryRun: "Dry run: nothing was changed.",
  summary: (r: { created: number; updated: number; deleted: number; unchanged: number; failed: number }) =>
    `${r.created} created, ${r.updated} updated, ${r.deleted} deleted, ${r.unchanged} unchanged, ${r.failed} failed`,
  exported: (count: number, file: string) =>
    `${count} ${count === 1 ? "category" : "categories"} written to ${file}`,
  noRequests: "No verification requests match.",
  requestsPage: (page: number, pages: number, count: number) =>
    `Page ${page} of ${pages} (${count} ${count === 1 ? "request" : "requests"})`,
  pastLastPage: (page: number) => `No more requests: page ${page} is past the last page.`,
  nextPage: (page: number) => `Next: --page ${page}`,
  badPage: (value: string) => `--page must be a whole number from 1 (got "${value}")`,
  noDocuments: "Documents: none",
  documents: (n: number) => `Documents (${n}):`,
  saveDocumentsHint: (id: number) => `Save them: katale admin show ${id} --save-documents DIR`,
  documentRefused: (url: string) => `not saved: ${url} is not on the shop service`,
  documentNotFetched: (url: string) => `not saved: ${url} could not be downloaded`,
  documentSaved: (label: string, file: string) => `Saved ${label}: ${file}`,
  documentFailed: (label: string, why: string) => `${label}: ${why}`,
  badId: (value: string) => `The request id must be a whole number (got "${value}")`,
} as const;
