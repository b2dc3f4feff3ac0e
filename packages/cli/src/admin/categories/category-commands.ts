import { mkdirSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { dirname, extname, resolve } from "node:path";
import { mediaUrl } from "@katale/domain";
import { SingleBar } from "cli-progress";
import type { Command } from "commander";
import { stringify } from "csv-stringify/sync";
import { CliFailure, EXIT_FAILURE } from "../../cli-failure.js";
import type { Invoke } from "../../invocation.js";
import { adminCliMessages as text } from "../admin-cli-messages.js";
import { renderImportFailures, renderImportOutcome, renderPlan } from "../admin-render.js";
import { requireAdmin } from "../admin-run.js";
import { type ApplyProgress, applyPlan } from "./apply-plan.js";
import { EXPORT_COLUMNS, toCsvRows, toExportJson } from "./category-tree.js";
import { CategoryImageState } from "./image-state.js";
import { confirmImport, failHeldDeletions, MANY_CHANGES } from "./import-guards.js";
import { loadCatalogueTree } from "./load-catalogue-tree.js";
import { planCategoryImport } from "./plan-categories.js";
import { readCategoryFile } from "./read-category-file.js";

/** The import's progress on a terminal (stderr): changes sent of all. */
function terminalProgress(stream: NodeJS.WriteStream): ApplyProgress {
  const bar = new SingleBar({
    stream,
    format: "Applying {bar} {value}/{total} changes | {eta_formatted}",
    barsize: 24,
    hideCursor: false,
    clearOnComplete: false,
  });
  return {
    start: (total) => bar.start(total, 0),
    advance: () => bar.increment(),
    stop: () => bar.stop(),
  };
}

/** `katale categories export|import`: the whole catalogue as a file, and a file applied to it (admins). */
export function registerCategoryAdminCommands(categories: Command, invoke: Invoke): void {
  categories.description("browse the categories; admins export and import the whole catalogue");
  categories
    .command("export")
    .description("write the whole catalogue (categories, sub categories, filters, values) as JSON or CSV")
    .option("--format <format>", "json or csv (default: the --output file's extension, else json)")
    .option("--output <file>", "the file to write (default: stdout)")
    .action(async (options: { format?: string; output?: string }, command: Command) => {
      const run = invoke(command);
      const format = (
        options.format ??
        (options.output && extname(options.output).toLowerCase() === ".csv" ? "csv" : "json")
      ).toLowerCase();
      if (format !== "json" && format !== "csv")
        return run.usageError(`--format must be json or csv (got "${format}")`);
      const tree = run.unwrap(await loadCatalogueTree(run.services.categories));
      const content =
        format === "json"
          ? `${JSON.stringify(
              toExportJson(tree, (path) => mediaUrl(run.services.urls.shopUrl, path)),
              null,
              2,
            )}\n`
          : stringify(toCsvRows(tree), { header: true, columns: EXPORT_COLUMNS });
      if (options.output === undefined) {
        run.io.out(content);
        return;
      }
      mkdirSync(dirname(resolve(options.output)), { recursive: true });
      await writeFile(options.output, content);
      run.show(
        { file: options.output, categories: tree.length },
        (e) => `${text.exported(e.categories, e.file)}\n`,
      );
    });

  categories
    .command("import")
    .description(
      "apply a JSON or CSV file (category,sub_category,filter,value[,image]) to the catalogue: create what is missing, update what differs (admins)",
    )
    .argument("<file>", "a .json file like the export, or a .csv")
    .option("--dry-run", "print the plan, change nothing")
    .option("--prune", "also delete what the file does not list (a category holding products is refused)")
    .option(
      "--yes",
      `apply without asking: needed for --prune, and for more than ${MANY_CHANGES.toLocaleString("en")} changes`,
    )
    .action(
      async (
        file: string,
        options: { dryRun?: boolean; prune?: boolean; yes?: boolean },
        command: Command,
      ) => {
        const run = invoke(command);
        // The file first: a file that cannot be read is said before any session is needed.
        const wanted = await readCategoryFile(file);
        const admin = await requireAdmin(run);
        const current = run.unwrap(await loadCatalogueTree(run.services.categories));
        const state = CategoryImageState.load(admin.stateDir, run.services.urls.shopUrl);
        const plan = await failHeldDeletions(
          planCategoryImport(current, wanted.nodes, wanted.problems, {
            prune: options.prune === true,
            remembered: state.remembered,
          }),
          admin,
        );
        const dryRun = options.dryRun === true;
        if (!run.json) run.io.out(renderPlan(plan, run.io.width));
        if (!dryRun)
          await confirmImport(plan, { yes: options.yes === true, prompter: run.services.account?.prompter });
        const report = await applyPlan(plan, {
          ports: admin,
          state,
          dryRun,
          progress: run.io.progress && !dryRun ? terminalProgress(run.io.progress) : undefined,
        });
        if (!run.json) run.io.err(renderImportFailures(report));
        run.show(report, () => renderImportOutcome(report, dryRun));
        if (report.failed > 0) throw new CliFailure("", EXIT_FAILURE);
      },
    );
}
