import { dirname, resolve } from "node:path";
import {
  addProduct,
  deleteProduct,
  editProduct,
  type ImageUpload,
  mediaUrl,
  type Product,
  setStock,
} from "@katale/domain";
import type { Command } from "commander";
import { findCategory, findSubCategory } from "../catalogue/find-category.js";
import { CliFailure, EXIT_FAILURE } from "../cli-failure.js";
import { parseIdOrName } from "../config/option-parsers.js";
import type { Invocation, Invoke } from "../invocation.js";
import { knownEncoding } from "./import/decode-csv.js";
import { exportRows, outputStream, writeCsv } from "./import/export-products.js";
import { filtersLookup, ImportPlanner, type RowPlan } from "./import/plan-import.js";
import { lineProgress, terminalProgress } from "./import/progress-bar.js";
import { CsvFileError, readCsvRows } from "./import/read-csv.js";
import { IMPORT_CONCURRENCY, IMPORT_CONCURRENCY_MAX, runImport } from "./import/run-import.js";
import { parsePrice } from "./parse-price.js";
import { sellingCliMessages as text } from "./selling-cli-messages.js";
import { renderImportRow, renderImportSummary, renderProductSaved } from "./selling-render.js";
import { allOwnedProducts, done, loadCatalogue, ownProduct, ownShop, sellingOf } from "./selling-run.js";
import { collect, imageOption } from "./shop-admin-commands.js";

interface ProductOptions {
  name?: string;
  description?: string;
  price?: string;
  stock?: string;
  category?: string;
  subCategory?: string;
  sku?: string;
}

/** Category and sub category ids from --category / --sub-category (id or name). */
async function categoryIds(
  run: Invocation,
  options: ProductOptions,
  product?: Product,
): Promise<{ categoryId?: number; subCategoryId?: number }> {
  const category =
    options.category === undefined
      ? undefined
      : run.unwrap(await findCategory(run.services.categories, parseIdOrName(options.category))).id;
  let subCategory: number | undefined;
  if (options.subCategory !== undefined) {
    const ref = parseIdOrName(options.subCategory);
    const categoryId = category ?? product?.categoryId;
    if ("name" in ref && categoryId !== undefined) {
      // A name is looked up within the chosen category: two categories may share a sub category name.
      const subs = run.unwrap(await run.services.categories.listSubCategoriesOf(categoryId));
      const found = subs.find((s) => s.name.trim().toLowerCase() === ref.name.toLowerCase());
      subCategory = found?.id ?? run.unwrap(await findSubCategory(run.services.categories, ref)).id;
    } else {
      subCategory = run.unwrap(await findSubCategory(run.services.categories, ref)).id;
    }
  }
  return { categoryId: category, subCategoryId: subCategory };
}

/** --price as Ugandans write it; a price that cannot be read is a usage error. */
function priceOption(run: Invocation, price: string | undefined): number | undefined {
  if (price === undefined) return undefined;
  const parsed = parsePrice(price);
  return parsed.ok ? parsed.price : run.usageError(parsed.error);
}

async function images(files: readonly string[]): Promise<ImageUpload[]> {
  const loaded: ImageUpload[] = [];
  for (const file of files) loaded.push((await imageOption(file))!);
  return loaded;
}

/**
 * `katale products add|update|delete|stock|import|export`: the owner's products, on the stored
 * session. Every command checks the product's shop is the user's before sending anything.
 */
export function registerProductAdminCommands(products: Command, invoke: Invoke): void {
  const fieldOptions = (command: Command) =>
    command
      .option("--name <name>", "the product's name")
      .option("--description <text>", "the description (over 15 words sells better)")
      .option("--price <ugx>", "the price in whole UGX, above 0 (15000, 1,500,000, UGX 15,000, 15,000/=)")
      .option("--stock <n>", "how many are in stock (0 or more)")
      .option("--category <id|name>", "the category")
      .option("--sub-category <id|name>", "a sub category of that category")
      .option("--sku <sku>", "your own key for the product, unique within the shop");

  fieldOptions(
    products
      .command("add")
      .description("add a product to one of your shops (1 to 8 images, the first is the display image)")
      .requiredOption("--shop <shop>", "your shop's id or name"),
  )
    .option("--image <file>", "an image (repeat for up to 8)", collect, [])
    .action(async (options: ProductOptions & { shop: string; image: string[] }, command: Command) => {
      const run = invoke(command);
      const selling = sellingOf(run);
      const shop = await ownShop(run, options.shop);
      const ids = await categoryIds(run, options);
      const added = done(
        run,
        await addProduct(selling, shop.id, {
          name: options.name ?? "",
          description: options.description ?? "",
          price: priceOption(run, options.price),
          inStock: options.stock,
          categoryId: ids.categoryId,
          subCategoryId: ids.subCategoryId,
          images: await images(options.image),
          sku: options.sku,
        }),
      );
      run.show(added, renderProductSaved, (a) => ({ message: a.message, product: a.product }));
    });

  fieldOptions(
    products
      .command("update")
      .description("edit one of your products: only the options given change")
      .argument("<slug>", "the product's slug (or its id)"),
  )
    .option("--add-image <file>", "add an image after the others (repeatable)", collect, [])
    .option("--remove-image <n>", "remove the n-th image, 1 = the display image (repeatable)", collect, [])
    .action(
      async (
        slug: string,
        options: ProductOptions & { addImage: string[]; removeImage: string[] },
        command: Command,
      ) => {
        const run = invoke(command);
        const selling = sellingOf(run);
        const product = await ownProduct(run, slug);
        const ids = await categoryIds(run, options, product);
        const removed = new Set<string>();
        for (const n of options.removeImage) {
          const image = product.images[Number(n) - 1];
          if (!/^\d+$/.test(n) || image === undefined) return run.usageError(text.imageNumberUnknown(n));
          removed.add(image);
        }
        const edited = done(
          run,
          await editProduct(selling, product, {
            name: options.name ?? product.name,
            description: options.description ?? product.description,
            price: priceOption(run, options.price) ?? product.price,
            inStock: options.stock ?? product.inStock,
            categoryId: ids.categoryId ?? product.categoryId,
            subCategoryId: ids.subCategoryId ?? product.subCategoryId,
            sku: options.sku,
            keptImages: product.images.filter((image) => !removed.has(image)),
            addedImages: await images(options.addImage),
          }),
        );
        run.show(edited, renderProductSaved, (e) => ({ message: e.message, product: e.product }));
      },
    );

  products
    .command("delete")
    .description("delete one of your products, with its saves, history, ratings and reviews")
    .argument("<slug>", "the product's slug (or its id)")
    .action(async (slug: string, _options: object, command: Command) => {
      const run = invoke(command);
      const selling = sellingOf(run);
      const product = await ownProduct(run, slug);
      const deleted = done(run, await deleteProduct(selling, product.id));
      run.show(
        { ...deleted, slug: product.slug },
        () => `${text.deleted(product.name)}\n`,
        (d) => ({ message: d.message, productId: d.productId, slug: d.slug }),
      );
    });

  products
    .command("stock")
    .description("set how many of one of your products are in stock (0 moves it to Out stock)")
    .argument("<slug>", "the product's slug (or its id)")
    .argument("<n>", "0 or more")
    .action(async (slug: string, n: string, _options: object, command: Command) => {
      const run = invoke(command);
      const selling = sellingOf(run);
      const product = await ownProduct(run, slug);
      const set = done(run, await setStock(selling, product.id, n.trim()));
      run.show(set, renderProductSaved, (s) => ({ message: s.message, product: s.product }));
    });

  products
    .command("import")
    .description(
      "add and update your shop's products from a CSV (sku,name,description,price,stock,category,sub_category,images[,filters])",
    )
    .argument("<file>", "the CSV file")
    .requiredOption("--shop <shop>", "your shop's id or name")
    .option("--images-dir <dir>", "where the images column's files are (default: the CSV's folder)")
    .option("--dry-run", "check every row and image as the service would, change nothing")
    .option("--encoding <name>", "the file's text encoding, e.g. windows-1252", "utf-8")
    .option(
      "--concurrency <n>",
      `rows sent at once (1 to ${IMPORT_CONCURRENCY_MAX})`,
      String(IMPORT_CONCURRENCY),
    )
    .option("--quiet", "no progress on stderr")
    .action(
      async (
        file: string,
        options: {
          shop: string;
          imagesDir?: string;
          dryRun?: boolean;
          encoding: string;
          concurrency: string;
          quiet?: boolean;
        },
        command: Command,
      ) => {
        const run = invoke(command);
        if (!knownEncoding(options.encoding)) return run.usageError(text.unknownEncoding(options.encoding));
        const concurrency = Number(options.concurrency);
        if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > IMPORT_CONCURRENCY_MAX)
          return run.usageError(text.concurrencyInvalid(IMPORT_CONCURRENCY_MAX));
        const selling = sellingOf(run);
        const shop = await ownShop(run, options.shop);
        const { categories, subCategories } = await loadCatalogue(run);
        const existing = await allOwnedProducts(run, shop.id);
        const planner = new ImportPlanner({
          categories,
          subCategories,
          existing,
          imagesDir: resolve(options.imagesDir ?? dirname(resolve(file))),
          filtersOf: filtersLookup(run.services.categories, (answer) => run.unwrap(answer)),
        });
        const plans: RowPlan[] = [];
        try {
          for await (const row of readCsvRows(file, options.encoding)) plans.push(await planner.plan(row));
        } catch (error) {
          // With --json a script reads what is wrong with the file on stdout, as it reads the report.
          if (!(error instanceof CsvFileError) || !run.json) throw error;
          run.show({ error: error.problem }, () => "");
          throw new CliFailure(error.message, EXIT_FAILURE);
        }
        // A dry run sends nothing and takes no time worth showing.
        const progress =
          options.quiet || options.dryRun
            ? undefined
            : run.io.progress
              ? terminalProgress(run.io.progress)
              : lineProgress((t) => run.io.err(t));
        const report = await runImport(plans, {
          ports: selling,
          shopId: shop.id,
          dryRun: options.dryRun === true,
          progress,
          concurrency,
          existing,
          // Row lines as rows finish; with --json the whole report comes at the end.
          onRow: run.json || run.io.progress ? undefined : (row) => run.io.out(renderImportRow(row)),
        });
        if (!run.json && run.io.progress) for (const row of report.rows) run.io.out(renderImportRow(row));
        run.show(report, (r) => renderImportSummary(r, options.dryRun === true));
        if (report.failed > 0) throw new CliFailure("", EXIT_FAILURE);
      },
    );

  products
    .command("export")
    .description("write your shop's products as the import CSV (images downloaded with --images-dir)")
    .requiredOption("--shop <shop>", "your shop's id or name")
    .option("--output <file>", "the CSV file (default: stdout, the CSV only)")
    .option("--images-dir <dir>", "download the images there; without it the CSV links them")
    .action(async (options: { shop: string; output?: string; imagesDir?: string }, command: Command) => {
      const run = invoke(command);
      const selling = sellingOf(run);
      const shop = await ownShop(run, options.shop);
      const { categories, subCategories } = await loadCatalogue(run);
      const products = await allOwnedProducts(run, shop.id);
      const rows = await exportRows({
        products,
        categories,
        subCategories,
        imagesDir: options.imagesDir === undefined ? undefined : resolve(options.imagesDir),
        imageLink: (path) => mediaUrl(run.services.urls.shopUrl, path) ?? path,
        download: selling.download,
      });
      if (options.output !== undefined) {
        await writeCsv(
          rows,
          outputStream(options.output, (t) => run.io.out(t)),
        );
        return run.show(
          { file: options.output, products: rows.length },
          (e) => `${text.exported(e.products, e.file)}\n`,
        );
      }
      // stdout: the CSV and nothing else, or with --json the rows as JSON.
      if (run.json) return run.show({ products: rows }, () => "");
      await writeCsv(
        rows,
        outputStream(undefined, (t) => run.io.out(t)),
      );
    });
}
