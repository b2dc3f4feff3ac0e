import { dirname, resolve } from "node:path";
import { Select } from "@inkjs/ui";
import {
  addProduct,
  type Category,
  editProduct,
  formatUgx,
  type ImageUpload,
  listMyShops,
  messages,
  PRODUCT_IMAGES_MAX,
  type Product,
  type Result,
  type SellingFailure,
  type SubCategory,
  setStock,
} from "@katale/domain";
import { Box, Text, useInput } from "ink";
import { useCallback, useEffect, useRef, useState } from "react";
import { shopLabel } from "../../output/formatting.js";
import { padEnd, truncate } from "../../output/text.js";
import { loadImageFile } from "../../selling/image-files.js";
import { ImportState } from "../../selling/import/import-state.js";
import { ImportPlanner, type RowPlan } from "../../selling/import/plan-import.js";
import { formatBytes } from "../../selling/import/progress-bar.js";
import { readCsvRows } from "../../selling/import/read-csv.js";
import { type ImportReport, runImport } from "../../selling/import/run-import.js";
import { Field } from "../components/field.js";
import { ItemList, type Row } from "../components/item-list.js";
import { ProgressLine } from "../components/progress-line.js";
import { ErrorLine, LoadedView } from "../components/status.js";
import { failureText, sellingFailureText } from "../failure-text.js";
import { actionOf } from "../keymap.js";
import { useOnReturn, useScreenKeys, useTui, useTyping } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { useLoad } from "../use-load.js";

// The shop owner's screens (issue 9 in the terminal): my shops, a shop's products with stock
// edits, the product form (add, edit) and the CSV import with its progress bar.

function useSellingDescribe() {
  const { services } = useTui();
  return useCallback((failure: SellingFailure) => sellingFailureText(failure, services.urls), [services]);
}

/** My shops: the shops the signed-in user owns; Enter opens one. */
export function MyShopsScreen() {
  const tui = useTui();
  const describe = useSellingDescribe();
  const selling = tui.services.selling;
  const signedIn = tui.session !== null;
  const { loaded } = useLoad(
    async (): Promise<Result<import("@katale/domain").Shop[], SellingFailure>> =>
      signedIn && selling ? listMyShops(selling) : { ok: true, value: [] },
    describe,
    [signedIn],
  );
  if (!signedIn) return <Text>{tuiMessages.signInFor("your shops")}</Text>;
  return (
    <LoadedView loaded={loaded}>
      {(shops) =>
        shops.length === 0 ? (
          <Text>{tuiMessages.noShops}</Text>
        ) : (
          <ItemList
            width={tui.width}
            height={tui.height}
            rows={shops.map((shop) => ({
              key: String(shop.id),
              text: shopLabel(shop.name, shop.verificationStatus),
              onOpen: () => tui.open({ screen: "my-shop", shopId: shop.id, title: shop.name }),
            }))}
          />
        )
      }
    </LoadedView>
  );
}

/** Every product of the shop, in stock and out of stock. */
async function allProducts(tui: ReturnType<typeof useTui>, shopId: number): Promise<Result<Product[]>> {
  const { products } = tui.services;
  const [inStock, outOfStock] = await Promise.all([
    products.listShopProducts(shopId, { stock: "in" }),
    products.listShopProducts(shopId, { stock: "out" }),
  ]);
  if (!inStock.ok) return inStock;
  if (!outOfStock.ok) return outOfStock;
  return { ok: true, value: [...inStock.value.products, ...outOfStock.value.products] };
}

/** One of my shops: its products with their stock; t sets the stock, a adds, e edits, i imports a CSV. */
export function MyShopScreen({ shopId, title }: { shopId: number; title: string }) {
  const tui = useTui();
  const { services, width, height } = tui;
  const describe = useCallback(
    (e: Parameters<typeof failureText>[0]) => failureText(e, services.urls),
    [services],
  );
  const list = useLoad(() => allProducts(tui, shopId), describe, [shopId]);
  const [selected, setSelected] = useState<Row | undefined>();
  const [editingStock, setEditingStock] = useState<Product | null>(null);
  useTyping(editingStock !== null);

  // Back from the form or the import: the products as they are now.
  useOnReturn(list.reload);

  const products = list.loaded.state === "ok" ? list.loaded.value : [];
  const current = products.find((p) => String(p.id) === selected?.key);

  useScreenKeys(
    editingStock
      ? [{ keys: "Enter", does: "set the stock" }]
      : [
          { keys: "t", does: "stock" },
          { keys: "a", does: "add" },
          { keys: "e", does: "edit" },
          { keys: "i", does: "import CSV" },
        ],
  );
  useInput(
    (input, key) => {
      if (editingStock) {
        if (key.escape) setEditingStock(null);
        return;
      }
      if (input === "t" && current) setEditingStock(current);
      if (input === "a") tui.open({ screen: "product-form", shopId });
      if (input === "e" && current) tui.open({ screen: "product-form", shopId, productSlug: current.slug });
      if (input === "i") tui.open({ screen: "csv-import", shopId, title: `Import into ${title}` });
    },
    { isActive: tui.active },
  );

  const saveStock = async (value: string) => {
    if (editingStock === null || services.selling === undefined) return;
    const outcome = await setStock(services.selling, editingStock.id, value.trim());
    if (!outcome.ok) return tui.say(sellingFailureText(outcome.error, services.urls), "error");
    setEditingStock(null);
    tui.say(`${outcome.value.product.name}: ${outcome.value.message}`);
    list.reload();
  };

  return (
    <Box flexDirection="column">
      {editingStock ? (
        <Box>
          <Text>
            {truncate(`Stock of ${editingStock.name} (now ${editingStock.inStock}): `, Math.floor(width / 2))}
          </Text>
          <Field defaultValue={String(editingStock.inStock)} onSubmit={(v) => void saveStock(v)} />
        </Box>
      ) : (
        <Text dimColor>{tuiMessages.productsCount(products.length)}</Text>
      )}
      <LoadedView loaded={list.loaded}>
        {(all) =>
          all.length === 0 ? (
            <Text>{tuiMessages.nothingYet("products: press a to add one, i to import a CSV")}</Text>
          ) : (
            <ItemList
              width={width}
              height={height - 1}
              active={editingStock === null}
              onSelect={setSelected}
              rows={all.map((p) => ({
                key: String(p.id),
                text: `${padEnd(truncate(p.name, Math.max(10, width - 40)), Math.max(10, width - 40))} ${padEnd(formatUgx(p.price), 14)} stock ${p.inStock}${p.sku ? ` · ${p.sku}` : ""}`,
                onOpen: () => tui.open({ screen: "product", slug: p.slug, title: p.name }),
              }))}
            />
          )
        }
      </LoadedView>
    </Box>
  );
}

interface FormValues {
  name: string;
  description: string;
  price: string;
  inStock: string;
  categoryId: number | null;
  subCategoryId: number | null;
  /** Editing: the product's own images that stay (paths as the product answers them, in order). */
  keptImages: readonly string[];
  images: string;
  sku: string;
}

type Step = keyof FormValues;
const STEPS: readonly Step[] = [
  "name",
  "description",
  "price",
  "inStock",
  "categoryId",
  "subCategoryId",
  "keptImages",
  "images",
  "sku",
];
/** Adding a product: it has no images yet, so no step to remove any. */
const ADD_STEPS = STEPS.filter((s) => s !== "keptImages");
const LABELS: Record<Step, string> = {
  name: "Name",
  description: "Description",
  price: "Price (UGX)",
  inStock: "In stock",
  categoryId: "Category",
  subCategoryId: "Sub category",
  keptImages: messages.webSelling.images,
  images: "Image files (separated by ;)",
  sku: "SKU (optional)",
};

/** The product form, a field at a time: add a product, or edit one (its values filled in). */
export function ProductFormScreen({ shopId, productSlug }: { shopId: number; productSlug?: string }) {
  const tui = useTui();
  const { services, width } = tui;
  const [catalogue, setCatalogue] = useState<{ categories: Category[]; subCategories: SubCategory[] } | null>(
    null,
  );
  const [product, setProduct] = useState<Product | null>(null);
  const [values, setValues] = useState<FormValues>({
    name: "",
    description: "",
    price: "",
    inStock: "",
    categoryId: null,
    subCategoryId: null,
    keptImages: [],
    images: "",
    sku: "",
  });
  const [step, setStep] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const steps = productSlug === undefined ? ADD_STEPS : STEPS;
  const field = steps[step];
  // The form has the keys (its selects' arrows and Enter too) until it is sent; Esc cancels it.
  useTyping(field !== undefined);
  useInput((_input, key) => key.escape && tui.back(), { isActive: tui.active && field !== undefined });
  // The select tells a change only: Enter on the value it already has (editing) keeps that value.
  const chose = useRef(false);
  const choosing = field === "categoryId" || field === "subCategoryId" ? field : null;
  useInput(
    (_input, key) => {
      if (!key.return || choosing === null) return;
      chose.current = false;
      const current = values[choosing];
      const offered =
        choosing === "categoryId" ||
        catalogue?.subCategories.some((s) => s.id === current && s.categoryId === values.categoryId);
      setTimeout(() => {
        if (!chose.current && current !== null && offered) next(current);
      }, 20);
    },
    { isActive: tui.active && choosing !== null && !busy },
  );

  useEffect(() => {
    void (async () => {
      const [categories, subCategories] = await Promise.all([
        services.categories.listCategories(),
        services.categories.listSubCategories(),
      ]);
      if (!categories.ok) return setProblem(failureText(categories.error, services.urls));
      if (!subCategories.ok) return setProblem(failureText(subCategories.error, services.urls));
      setCatalogue({ categories: categories.value, subCategories: subCategories.value });
      if (productSlug === undefined) return;
      const found = await services.products.getProductBySlug(productSlug);
      if (!found.ok) return setProblem(failureText(found.error, services.urls));
      const p = found.value;
      setProduct(p);
      setValues({
        name: p.name,
        description: p.description,
        price: String(p.price),
        inStock: String(p.inStock),
        categoryId: p.categoryId,
        subCategoryId: p.subCategoryId,
        keptImages: p.images,
        images: "",
        sku: p.sku ?? "",
      });
    })();
  }, [services, productSlug]);

  const submit = async (all: FormValues) => {
    if (services.selling === undefined) return;
    setBusy(true);
    const files = all.images
      .split(";")
      .map((f) => f.trim())
      .filter((f) => f !== "");
    const uploads: ImageUpload[] = [];
    for (const file of files) {
      const loaded = await loadImageFile(resolve(file));
      if (typeof loaded === "string") {
        setBusy(false);
        setStep(steps.indexOf("images"));
        return setProblem(`${file}: ${loaded}`);
      }
      uploads.push(loaded);
    }
    const common = {
      name: all.name,
      description: all.description,
      price: all.price,
      inStock: all.inStock,
      categoryId: all.categoryId ?? undefined,
      subCategoryId: all.subCategoryId ?? undefined,
      sku: all.sku,
    };
    const outcome =
      product === null
        ? await addProduct(services.selling, shopId, { ...common, images: uploads })
        : await editProduct(services.selling, product, {
            ...common,
            keptImages: [...all.keptImages],
            addedImages: uploads,
          });
    setBusy(false);
    if (!outcome.ok) {
      const fieldName = Object.keys(outcome.error.fields ?? {})[0];
      // Too few or too many images: editing, back to the product's own ones (a removal to undo).
      const back = steps.indexOf(
        fieldName === "images" && product !== null ? "keptImages" : (fieldName as Step),
      );
      if (back >= 0) setStep(back);
      return setProblem(sellingFailureText(outcome.error, services.urls));
    }
    tui.say(`${outcome.value.message}: ${outcome.value.product.name}`);
    tui.back();
  };

  const next = (value: string | number | readonly string[]) => {
    if (field === undefined) return;
    const updated = { ...values, [field]: value };
    setValues(updated);
    setProblem(null);
    if (step + 1 < steps.length) setStep(step + 1);
    else void submit(updated);
  };

  if (catalogue === null || (productSlug !== undefined && product === null))
    return problem ? <ErrorLine text={problem} /> : <Text>{tuiMessages.loading}</Text>;

  const done = steps.slice(0, step).map((s) => (
    <Text key={s} wrap="truncate">
      {truncate(`${LABELS[s]}: ${shownValue(s, values, catalogue)}`, width)}
    </Text>
  ));
  const listed =
    field === "categoryId"
      ? catalogue.categories.map((c) => ({ label: c.name, value: String(c.id) }))
      : field === "subCategoryId"
        ? catalogue.subCategories
            .filter((s) => s.categoryId === values.categoryId)
            .map((s) => ({ label: s.name, value: String(s.id) }))
        : [];
  // The select's highlight starts on its first option: the value the product has (editing) goes
  // first, so Enter keeps it rather than choosing the first of the list.
  const chosen = field === "categoryId" || field === "subCategoryId" ? String(values[field]) : null;
  const options = [...listed.filter((o) => o.value === chosen), ...listed.filter((o) => o.value !== chosen)];
  return (
    <Box flexDirection="column">
      <Text dimColor>{product === null ? tuiMessages.addProductHint : tuiMessages.editProductHint}</Text>
      {done}
      {busy ? <Text>{tuiMessages.loading}</Text> : null}
      {field !== undefined && !busy ? (
        <Box flexDirection="column">
          <Text bold>{LABELS[field]}:</Text>
          {field === "keptImages" && product !== null ? (
            <KeptImagesStep
              key={field}
              images={product.images}
              kept={values.keptImages}
              width={width}
              onDone={(kept) => next(kept)}
            />
          ) : field === "categoryId" || field === "subCategoryId" ? (
            <Select
              key={field}
              options={options}
              visibleOptionCount={Math.max(3, Math.min(8, tui.height - step - 4))}
              {...(values[field] === null ? {} : { defaultValue: String(values[field]) })}
              onChange={(value) => {
                chose.current = true;
                next(Number(value));
              }}
            />
          ) : (
            <Field
              key={field}
              defaultValue={String(field === "keptImages" ? "" : (values[field] ?? ""))}
              onSubmit={(value) => next(value)}
            />
          )}
        </Box>
      ) : null}
      {problem ? <ErrorLine text={problem} /> : null}
    </Box>
  );
}

function shownValue(
  step: Step,
  values: FormValues,
  catalogue: { categories: Category[]; subCategories: SubCategory[] },
): string {
  if (step === "categoryId") return catalogue.categories.find((c) => c.id === values.categoryId)?.name ?? "";
  if (step === "subCategoryId")
    return catalogue.subCategories.find((s) => s.id === values.subCategoryId)?.name ?? "";
  if (step === "price" && /^\d+$/.test(values.price)) return formatUgx(Number(values.price));
  if (step === "keptImages") return keptSummary(values.keptImages);
  return String(values[step]);
}

/** An image's file name: the last part of its path or URL. */
function imageName(path: string): string {
  return path.split(/[/?#]/).filter(Boolean).pop() ?? path;
}

function keptSummary(kept: readonly string[]): string {
  return messages.webSelling.imagesCount(kept.length, PRODUCT_IMAGES_MAX);
}

/**
 * Editing: the product's own images, in order, each by its position and file name. x removes the
 * selected one (x again keeps it: nothing is removed until the form is saved); Enter goes on.
 */
function KeptImagesStep({
  images,
  kept,
  width,
  onDone,
}: {
  images: readonly string[];
  kept: readonly string[];
  width: number;
  onDone: (kept: readonly string[]) => void;
}) {
  const tui = useTui();
  const text = messages.webSelling;
  const [removed, setRemoved] = useState<ReadonlySet<string>>(
    () => new Set(images.filter((image) => !kept.includes(image))),
  );
  const [at, setAt] = useState(0);
  const [said, setSaid] = useState<string | null>(null);
  const selected = images[at];
  const isRemoved = selected !== undefined && removed.has(selected);
  const staying = images.filter((image) => !removed.has(image));

  useScreenKeys([
    { keys: "↑ ↓", does: "choose an image" },
    { keys: "x", does: isRemoved ? tuiMessages.keepImage(at + 1) : text.removeImage(at + 1) },
    { keys: "Enter", does: "next" },
  ]);
  useInput(
    (input, key) => {
      const action = actionOf(input, key);
      if (action === "up") return setAt((i) => Math.max(0, i - 1));
      if (action === "down") return setAt((i) => Math.min(images.length - 1, i + 1));
      if (action === "open") return onDone(staying);
      if (input === "x" && selected !== undefined) {
        const next = new Set(removed);
        if (next.has(selected)) next.delete(selected);
        else next.add(selected);
        setRemoved(next);
        setSaid(next.has(selected) ? text.imageRemoved : tuiMessages.imageKept(at + 1));
      }
    },
    { isActive: tui.active },
  );

  return (
    <Box flexDirection="column">
      <Text dimColor>{`${keptSummary(staying)} · ${tuiMessages.keptImagesHint}`}</Text>
      {images.map((image, index) => {
        const gone = removed.has(image);
        const display = !gone && image === staying[0];
        const line = `${index === at ? "›" : " "} ${index + 1}. ${imageName(image)}${display ? ` · ${text.displayImage}` : ""}${gone ? ` · ${text.imageRemoved}` : ""}`;
        return (
          <Text
            key={image}
            wrap="truncate"
            inverse={index === at}
            color={gone ? "red" : index === at ? "cyan" : undefined}
            strikethrough={gone}
          >
            {truncate(line, width)}
          </Text>
        );
      })}
      {said ? <Text>{said}</Text> : null}
    </Box>
  );
}

type ImportRun =
  | { readonly state: "asking" }
  | { readonly state: "planning" }
  | {
      readonly state: "running";
      readonly rows: number;
      readonly bytes: number;
      readonly doneRows: number;
      readonly doneBytes: number;
    }
  | { readonly state: "done"; readonly report: ImportReport }
  | { readonly state: "failed"; readonly message: string };

/** `products import` in the TUI: the CSV's path, then a progress bar of rows and bytes, then the report. */
export function CsvImportScreen({ shopId }: { shopId: number }) {
  const tui = useTui();
  const { services, width, height } = tui;
  const [run, setRun] = useState<ImportRun>({ state: "asking" });
  // While the path is typed, Esc is this screen's; after that the shell's (back).
  useTyping(run.state === "asking");
  useInput((_input, key) => key.escape && tui.back(), { isActive: tui.active && run.state === "asking" });

  const start = async (file: string) => {
    const selling = services.selling;
    if (selling === undefined || file.trim() === "") return;
    const path = resolve(file.trim());
    setRun({ state: "planning" });
    try {
      const [categories, subCategories, existing] = await Promise.all([
        services.categories.listCategories(),
        services.categories.listSubCategories(),
        allProducts(tui, shopId),
      ]);
      for (const answer of [categories, subCategories, existing])
        if (!answer.ok) return setRun({ state: "failed", message: failureText(answer.error, services.urls) });
      const state = ImportState.load(selling.stateDir, shopId);
      const planner = new ImportPlanner({
        categories: categories.ok ? categories.value : [],
        subCategories: subCategories.ok ? subCategories.value : [],
        existing: existing.ok ? existing.value : [],
        state,
        imagesDir: dirname(path),
      });
      const plans: RowPlan[] = [];
      for await (const row of readCsvRows(path)) plans.push(await planner.plan(row));
      let progress = { rows: 0, bytes: 0, doneRows: 0, doneBytes: 0 };
      const report = await runImport(plans, {
        ports: selling,
        shopId,
        state,
        dryRun: false,
        progress: {
          start: (rows, bytes) => {
            progress = { rows, bytes, doneRows: 0, doneBytes: 0 };
            setRun({ state: "running", ...progress });
          },
          advance: (rows, bytes) => {
            progress = {
              ...progress,
              doneRows: progress.doneRows + rows,
              doneBytes: progress.doneBytes + bytes,
            };
            setRun({ state: "running", ...progress });
          },
          stop: () => undefined,
        },
      });
      setRun({ state: "done", report });
    } catch (error) {
      setRun({ state: "failed", message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <Box flexDirection="column">
      <Text dimColor>{tuiMessages.importHint}</Text>
      {run.state === "asking" ? (
        <Box>
          <Text>{tuiMessages.csvFile} </Text>
          <Field placeholder="products.csv" onSubmit={(file) => void start(file)} />
        </Box>
      ) : null}
      {run.state === "planning" ? <Text>{tuiMessages.checkingRows}</Text> : null}
      {run.state === "running" || run.state === "done" ? (
        <ProgressLine
          width={Math.min(width - 5, 60)}
          value={run.state === "done" ? 100 : percent(run.doneRows, run.rows)}
        />
      ) : null}
      {run.state === "running" ? (
        <Text>{`${run.doneRows}/${run.rows} rows · ${formatBytes(run.doneBytes)} of ${formatBytes(run.bytes)}`}</Text>
      ) : null}
      {run.state === "failed" ? <ErrorLine text={run.message} /> : null}
      {run.state === "done" ? <ImportSummary report={run.report} width={width} height={height - 2} /> : null}
    </Box>
  );
}

function percent(done: number, all: number): number {
  return all === 0 ? 100 : Math.round((done / all) * 100);
}

function ImportSummary({ report, width, height }: { report: ImportReport; width: number; height: number }) {
  const failed = report.rows.filter((r) => r.status === "failed");
  return (
    <Box flexDirection="column">
      <Text bold>
        {`${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged, ${report.failed} failed`}
      </Text>
      {failed.slice(0, Math.max(1, height - 3)).map((r) => (
        <Text key={r.row} color="red" wrap="truncate">
          {truncate(`row ${r.row}${r.sku ? ` (${r.sku})` : ""}: ${r.error ?? ""}`, width)}
        </Text>
      ))}
    </Box>
  );
}
