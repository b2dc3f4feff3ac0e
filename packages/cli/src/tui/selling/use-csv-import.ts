import { dirname, resolve } from "node:path";
import { useState } from "react";
import { filtersLookup, ImportPlanner, type RowPlan } from "../../selling/import/plan-import.js";
import { readCsvRows } from "../../selling/import/read-csv.js";
import { type ImportReport, runImport } from "../../selling/import/run-import.js";
import { readOwnedProducts } from "../../selling/owned-products.js";
import { sellingCliMessages } from "../../selling/selling-cli-messages.js";
import { useTuiServices } from "../tui-context.js";
import { useFailureText } from "../use-failure-text.js";

export type ImportRun =
  | { readonly state: "asking" }
  | { readonly state: "planning" }
  | {
      readonly state: "running";
      readonly rows: number;
      readonly bytes: number;
      readonly doneRows: number;
      readonly doneBytes: number;
    }
  | { readonly state: "done"; readonly report: ImportReport; readonly dryRun: boolean }
  | { readonly state: "failed"; readonly message: string };

/** `products import` for one shop: plan the CSV's rows, then run them, with the progress as state. */
export function useCsvImport(shopId: number): {
  readonly run: ImportRun;
  start(file: string, imagesDir: string, dryRun: boolean): Promise<void>;
} {
  const services = useTuiServices();
  const describe = useFailureText();
  const [run, setRun] = useState<ImportRun>({ state: "asking" });

  /** As `products import FILE --images-dir DIR [--dry-run]`; an empty folder means the CSV's own. */
  const start = async (file: string, imagesDir: string, dryRun: boolean) => {
    const selling = services.selling;
    if (selling === undefined || file.trim() === "") return;
    const path = resolve(file.trim());
    setRun({ state: "planning" });
    try {
      const [categories, subCategories, existing] = await Promise.all([
        services.categories.listCategories(),
        services.categories.listSubCategories(),
        readOwnedProducts(selling.productAdmin, shopId),
      ]);
      for (const answer of [categories, subCategories])
        if (!answer.ok) return setRun({ state: "failed", message: describe(answer.error) });
      if (!existing.ok) {
        const message =
          "moved" in existing
            ? sellingCliMessages.productsMoved(existing.moved.count, existing.moved.read)
            : describe(existing.error);
        return setRun({ state: "failed", message });
      }
      const planner = new ImportPlanner({
        categories: categories.ok ? categories.value : [],
        subCategories: subCategories.ok ? subCategories.value : [],
        existing: existing.products,
        imagesDir: imagesDir.trim() === "" ? dirname(path) : resolve(imagesDir.trim()),
        filtersOf: filtersLookup(services.categories, (answer) => {
          if (!answer.ok) throw new Error(describe(answer.error));
          return answer.value;
        }),
      });
      const plans: RowPlan[] = [];
      for await (const row of readCsvRows(path)) plans.push(await planner.plan(row));
      let progress = { rows: 0, bytes: 0, doneRows: 0, doneBytes: 0 };
      const report = await runImport(plans, {
        ports: selling,
        shopId,
        dryRun,
        existing: existing.products,
        progress: {
          start: (rows, bytes) => {
            progress = { rows, bytes, doneRows: 0, doneBytes: 0 };
            setRun({ state: "running", ...progress });
          },
          advance: (rows, bytes, dropped) => {
            progress = {
              ...progress,
              bytes: progress.bytes - dropped,
              doneRows: progress.doneRows + rows,
              doneBytes: progress.doneBytes + bytes,
            };
            setRun({ state: "running", ...progress });
          },
          stop: () => undefined,
        },
      });
      setRun({ state: "done", report, dryRun });
    } catch (error) {
      setRun({ state: "failed", message: error instanceof Error ? error.message : String(error) });
    }
  };

  return { run, start };
}
