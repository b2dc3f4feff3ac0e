import { CSV_COLUMNS } from "./categories/category-tree.js";

// Texts only the terminal's admin commands say; the service's outcomes come from the domain's messages.

export const adminCliMessages = {
  adminNeeded: "This needs an admin account: log in as an admin with 'katale login'.",
  badCsvHeader: (found: string) =>
    `The CSV header must name the columns ${CSV_COLUMNS.join(",")} and may add image (found: ${found || "nothing"}).`,
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
