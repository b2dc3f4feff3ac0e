import { addProduct, editProduct, type KeyValueStorage, type ProductAdminGateway } from "@katale/domain";
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

export interface ImportProgress {
  start(rows: number, bytes: number): void;
  advance(rows: number, bytes: number): void;
  stop(): void;
}

export interface RunImportOptions {
  readonly ports: { readonly productAdmin: ProductAdminGateway; readonly storage: KeyValueStorage };
  readonly shopId: number;
  readonly dryRun: boolean;
  readonly progress?: ImportProgress;
  readonly concurrency?: number;
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
async function execute(plan: RowPlan, options: RunImportOptions): Promise<RowResult> {
  const { ports, shopId } = options;
  if (plan.kind === "failed" || plan.kind === "unchanged") return statusOf(plan);
  const failed = (error: string): RowResult => ({ row: plan.row, sku: plan.sku, status: "failed", error });
  try {
    if (plan.kind === "create") {
      const images = await Promise.all(plan.images.map(readImage));
      const added = await addProduct(ports, shopId, { ...plan.fields, images, sku: plan.sku });
      if (!added.ok) return failed(added.error.message);
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

/**
 * Carries out the planned rows, a few at a time; a failed row does not stop the others. The service
 * keeps each picture's SHA-256, so running again after an interruption uploads only what is missing.
 */
export async function runImport(plans: readonly RowPlan[], options: RunImportOptions): Promise<ImportReport> {
  const { progress, dryRun } = options;
  progress?.start(
    plans.length,
    plans.reduce((n, plan) => n + uploadBytes(plan), 0),
  );
  const results: RowResult[] = new Array(plans.length);
  let next = 0;
  const worker = async () => {
    while (next < plans.length) {
      const index = next++;
      const plan = plans[index]!;
      results[index] = dryRun ? statusOf(plan) : await execute(plan, options);
      options.onRow?.(results[index]!);
      progress?.advance(1, results[index]!.status === "failed" ? 0 : uploadBytes(plan));
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? IMPORT_CONCURRENCY, plans.length));
  try {
    await Promise.all(Array.from({ length: workers }, worker));
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
