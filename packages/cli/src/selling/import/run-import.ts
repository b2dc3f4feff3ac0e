import {
  addProduct,
  addProducts,
  editProduct,
  type KeyValueStorage,
  type OwnedProduct,
  type ProductAdminGateway,
} from "@katale/domain";
import { readImage } from "../image-files.js";
import { type RowPlan, uploadBytes } from "./plan-import.js";

export type RowStatus = "created" | "updated" | "unchanged" | "failed";

/** One row of the report, exactly as `--json` prints it. */
export interface RowResult {
  readonly row: number;
  readonly sku: string;
  readonly status: RowStatus;
  readonly product_id?: number;
  readonly error?: string;
}

export interface ImportReport {
  readonly created: number;
  readonly updated: number;
  readonly unchanged: number;
  readonly failed: number;
  readonly rows: RowResult[];
}

/** Rows uploading at once: a few, so a slow network is used well without flooding the service. */
export const IMPORT_CONCURRENCY = 4;
/** The most `--concurrency` takes: more would only queue on the service's picture workers. */
export const IMPORT_CONCURRENCY_MAX = 16;

/**
 * Rows sent in one call (POST product/batch/) once their pictures are on the service: a row whose
 * files another row uploads, or a product of the shop shows, is added by naming that picture.
 */
export const IMPORT_BATCH = 100;

export interface ImportProgress {
  start(rows: number, bytes: number): void;
  /**
   * Rows finished, the bytes they uploaded, and the bytes of failed rows that will never be sent:
   * those leave the total, so a finished import's bar shows all it sent of all it meant to.
   */
  advance(rows: number, bytes: number, dropped: number): void;
  stop(): void;
}

export interface RunImportOptions {
  readonly ports: { readonly productAdmin: ProductAdminGateway; readonly storage: KeyValueStorage };
  readonly shopId: number;
  readonly dryRun: boolean;
  readonly progress?: ImportProgress;
  readonly concurrency?: number;
  /** The shop's products as planned against: rows naming their pictures' files do not upload them. */
  readonly existing?: readonly OwnedProduct[];
  /** Told of each row as it finishes (so a report can stream). */
  readonly onRow?: (result: RowResult) => void;
}

/** What a row would do, for a dry run (nothing is sent). */
function statusOf(plan: RowPlan): RowResult {
  switch (plan.kind) {
    case "failed":
      return { row: plan.row, sku: plan.sku, status: "failed", error: plan.error };
    case "create":
      return { row: plan.row, sku: plan.sku, status: "created" };
    case "update":
      return { row: plan.row, sku: plan.sku, status: "updated", product_id: plan.product.id };
    case "unchanged":
      return { row: plan.row, sku: plan.sku, status: "unchanged", product_id: plan.product.id };
  }
}

/** Sends one planned row; the result says how it went. */
async function execute(
  plan: RowPlan,
  options: RunImportOptions,
  pictures: Map<string, string>,
): Promise<RowResult> {
  const { ports, shopId } = options;
  if (plan.kind === "failed" || plan.kind === "unchanged") return statusOf(plan);
  const failed = (error: string): RowResult => ({ row: plan.row, sku: plan.sku, status: "failed", error });
  try {
    if (plan.kind === "create") {
      const images = await Promise.all(plan.images.map(readImage));
      const added = await addProduct(ports, shopId, { ...plan.fields, images, sku: plan.sku });
      if (!added.ok) return failed(added.error.message);
      // Later rows naming the same files name these pictures instead of uploading them again.
      plan.images.forEach((image, i) => {
        const path = added.value.product.images[i];
        if (path !== undefined && !pictures.has(image.hash)) pictures.set(image.hash, path);
      });
      return { row: plan.row, sku: plan.sku, status: "created", product_id: added.value.product.id };
    }
    const addedImages = plan.imagesChanged ? await Promise.all(plan.images.map(readImage)) : [];
    const edited = await editProduct(ports, plan.product, {
      ...plan.fields,
      sku: plan.sku,
      keptImages: plan.imagesChanged ? [] : plan.product.images,
      addedImages,
    });
    if (!edited.ok) return failed(edited.error.message);
    return { row: plan.row, sku: plan.sku, status: "updated", product_id: edited.value.product.id };
  } catch (error) {
    return failed((error as Error).message);
  }
}

type CreatePlan = Extract<RowPlan, { kind: "create" }>;

/** Where each picture is on the service, by the SHA-256 of its file (as uploaded or as served). */
function picturesOf(products: readonly OwnedProduct[]): Map<string, string> {
  const pictures = new Map<string, string>();
  for (const product of products)
    product.images.forEach((path, i) => {
      const hashes = product.imageHashes[i];
      if (hashes?.uploaded) pictures.set(hashes.uploaded, path);
      if (hashes?.served) pictures.set(hashes.served, path);
    });
  return pictures;
}

/**
 * Carries out the planned rows, a few at a time; a failed row does not stop the others. The service
 * keeps each picture's SHA-256, so running again after an interruption uploads only what is missing.
 * A new row whose files are all on the service already (a product of the shop shows them) or are
 * uploaded by an earlier row waits for those rows, then goes with others in one batch call that
 * names the pictures instead of sending them.
 */
export async function runImport(plans: readonly RowPlan[], options: RunImportOptions): Promise<ImportReport> {
  const { progress, dryRun } = options;
  const pictures = picturesOf(options.existing ?? []);
  const batchable = !dryRun;
  // Rows sent one by one first, then the rows whose pictures those put on the service.
  const first: number[] = [];
  const later: number[] = [];
  const coming = new Set(pictures.keys());
  plans.forEach((plan, index) => {
    if (batchable && plan.kind === "create" && plan.images.every((image) => coming.has(image.hash)))
      later.push(index);
    else {
      first.push(index);
      if (plan.kind === "create") for (const image of plan.images) coming.add(image.hash);
    }
  });
  // A batched row's bytes count as done with it: its pictures are on the service.
  progress?.start(
    plans.length,
    plans.reduce((n, plan) => n + uploadBytes(plan), 0),
  );
  const results: RowResult[] = new Array(plans.length);
  const finish = (index: number, result: RowResult, bytes: number) => {
    results[index] = result;
    options.onRow?.(result);
    const failed = result.status === "failed";
    progress?.advance(1, failed ? 0 : bytes, failed ? bytes : 0);
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? IMPORT_CONCURRENCY, plans.length));
  const inParallel = async (count: number, work: () => Promise<void>) => {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(workers, count)) }, work));
  };
  const oneByOne = async (indexes: readonly number[]) => {
    let next = 0;
    await inParallel(indexes.length, async () => {
      while (next < indexes.length) {
        const index = indexes[next++]!;
        const plan = plans[index]!;
        const result = dryRun ? statusOf(plan) : await execute(plan, options, pictures);
        finish(index, result, uploadBytes(plan));
      }
    });
  };
  try {
    await oneByOne(first);
    // Rows whose uploader failed upload their files themselves.
    const ready = later.filter((index) =>
      (plans[index] as CreatePlan).images.every((image) => pictures.has(image.hash)),
    );
    const readySet = new Set(ready);
    const alone = later.filter((index) => !readySet.has(index));
    const batches: number[][] = [];
    for (let i = 0; i < ready.length; i += IMPORT_BATCH) batches.push(ready.slice(i, i + IMPORT_BATCH));
    // A service without the batch call: its rows, and the batches not sent yet, go one by one
    // after the batches in flight, with the other rows, `workers` at a time in all.
    const unsent: number[] = [];
    let next = 0;
    await inParallel(batches.length, async () => {
      while (next < batches.length && unsent.length === 0) {
        const batch = batches[next++]!;
        const sent = await executeBatch(
          batch.map((index) => plans[index] as CreatePlan),
          options,
          pictures,
        );
        if (sent === undefined) unsent.push(...batch);
        else for (const [k, index] of batch.entries()) finish(index, sent[k]!, uploadBytes(plans[index]!));
      }
    });
    unsent.push(...batches.slice(next).flat());
    await oneByOne([...unsent.sort((a, b) => a - b), ...alone]);
  } finally {
    progress?.stop();
  }
  const count = (status: RowStatus) => results.filter((r) => r.status === status).length;
  return {
    created: count("created"),
    updated: count("updated"),
    unchanged: count("unchanged"),
    failed: count("failed"),
    rows: results,
  };
}

/** Sends new rows in one call; undefined when the service cannot take them so (send them one by one). */
async function executeBatch(
  batch: readonly CreatePlan[],
  options: RunImportOptions,
  pictures: ReadonlyMap<string, string>,
): Promise<RowResult[] | undefined> {
  const failed = (plan: CreatePlan, error: string): RowResult => ({
    row: plan.row,
    sku: plan.sku,
    status: "failed",
    error,
  });
  try {
    const added = await addProducts(
      options.ports,
      options.shopId,
      batch.map((plan) => ({
        ...plan.fields,
        sku: plan.sku,
        imagePaths: plan.images.map((image) => pictures.get(image.hash)!),
      })),
    );
    // A service without the batch call answers not_found: the rows go one by one.
    if (!added.ok && added.error.code === "not_found") return undefined;
    if (!added.ok) return batch.map((plan) => failed(plan, added.error.message));
    return batch.map((plan, k) => {
      const one = added.value[k];
      if (one === undefined) return failed(plan, "no answer for this row");
      if (!one.ok) return failed(plan, one.error.message);
      return { row: plan.row, sku: plan.sku, status: "created", product_id: one.value.id };
    });
  } catch (error) {
    return batch.map((plan) => failed(plan, (error as Error).message));
  }
}
