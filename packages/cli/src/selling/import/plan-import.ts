import {
  type Category,
  type CategoryGateway,
  type Filter,
  type OwnedProduct,
  PRODUCT_IMAGES_MAX,
  productFormSchema,
  type Result,
  type SubCategory,
} from "@katale/domain";
import { checkImage, type ImageCheck, type LocalImage } from "../image-files.js";
import { parsePrice } from "../parse-price.js";
import { sellingCliMessages as text } from "../selling-cli-messages.js";
import { FILTER_SEPARATOR, FILTER_VALUE_MARK, IMAGE_SEPARATOR } from "./csv-columns.js";
import { imagePathIn } from "./image-path.js";
import type { CsvRow } from "./read-csv.js";

/** A row's product fields once checked (spec §5 rules, through the domain's form schema). */
export interface ProductFields {
  readonly name: string;
  readonly description: string;
  readonly price: number;
  readonly inStock: number;
  readonly categoryId: number;
  readonly subCategoryId: number;
  /** The `filters` column's values, by id; absent when the file has no such column (left as they are). */
  readonly filterValueIds?: number[];
}

/** What a row will do. */
export type RowPlan =
  | { readonly row: number; readonly sku: string; readonly kind: "failed"; readonly error: string }
  | {
      readonly row: number;
      readonly sku: string;
      readonly kind: "create";
      readonly fields: ProductFields;
      readonly images: readonly LocalImage[];
    }
  | {
      readonly row: number;
      readonly sku: string;
      readonly kind: "update";
      readonly product: OwnedProduct;
      readonly fields: ProductFields;
      readonly images: readonly LocalImage[];
      /** The files are not the product's pictures (by their SHA-256 on the service): upload them. */
      readonly imagesChanged: boolean;
    }
  | {
      readonly row: number;
      readonly sku: string;
      readonly kind: "unchanged";
      readonly product: OwnedProduct;
    };

export interface PlanContext {
  readonly categories: readonly Category[];
  readonly subCategories: readonly SubCategory[];
  /** The shop's products, in and out of stock, with their pictures' hashes. */
  readonly existing: readonly OwnedProduct[];
  readonly imagesDir: string;
  /** A sub category's filters with their values (asked once per sub category). */
  readonly filtersOf: (subCategoryId: number) => Promise<readonly Filter[]>;
}

const fieldsSchema = productFormSchema.omit({ images: true, sku: true });
const skuSchema = productFormSchema.shape.sku;
const COLUMN_OF: Readonly<Record<string, string>> = {
  name: "name",
  description: "description",
  price: "price",
  inStock: "stock",
  categoryId: "category",
  subCategoryId: "sub_category",
};

const key = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

/** Plans rows one by one; remembers the SKUs seen so a repeated one fails. */
export class ImportPlanner {
  private readonly seen = new Map<string, number>();
  private readonly bySku = new Map<string, OwnedProduct>();
  private readonly bySlug = new Map<string, OwnedProduct>();
  private readonly files = new Map<
    string,
    Promise<
      Exclude<Awaited<ReturnType<typeof imagePathIn>>, { ok: true }> | { ok: true; checked: ImageCheck }
    >
  >();

  constructor(private readonly context: PlanContext) {
    for (const product of context.existing) {
      if (product.sku) this.bySku.set(product.sku, product);
      else this.bySlug.set(product.slug, product);
    }
  }

  async plan({ row, cells }: CsvRow): Promise<RowPlan> {
    const sku = cells.sku.trim();
    const failed = (error: string): RowPlan => ({ row, sku, kind: "failed", error });
    if (sku === "") return failed(text.skuRequired);
    const checkedSku = skuSchema.safeParse(sku);
    if (!checkedSku.success) return failed(`sku: ${checkedSku.error.issues[0]?.message}`);
    const earlier = this.seen.get(sku);
    if (earlier !== undefined) return failed(text.skuRepeated(earlier));
    this.seen.set(sku, row);

    const category = this.context.categories.find((c) => key(c.name) === key(cells.category));
    const sub = category
      ? this.context.subCategories.find(
          (s) => s.categoryId === category.id && key(s.name) === key(cells.sub_category),
        )
      : undefined;
    const price = parsePrice(cells.price);
    if (!price.ok) return failed(price.error);
    const parsed = fieldsSchema.safeParse({
      name: cells.name,
      description: cells.description,
      price: price.price,
      inStock: cells.stock.trim(),
      categoryId: category?.id,
      subCategoryId: sub?.id,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0]);
      if (field === "categoryId") return failed(`category: ${text.categoryNotFound(cells.category.trim())}`);
      if (field === "subCategoryId")
        return failed(
          `sub_category: ${text.subCategoryNotFound(cells.sub_category.trim(), category?.name ?? "")}`,
        );
      return failed(`${COLUMN_OF[field] ?? field}: ${issue.message}`);
    }
    let fields: ProductFields = parsed.data;
    if (cells.filters !== undefined) {
      const values = await this.filterValues(cells.filters, fields.subCategoryId, sub?.name ?? "");
      if (!values.ok) return failed(values.error);
      fields = { ...fields, filterValueIds: values.ids };
    }

    const files = cells.images
      .split(IMAGE_SEPARATOR)
      .map((f) => f.trim())
      .filter(Boolean);
    if (files.length < 1 || files.length > PRODUCT_IMAGES_MAX) return failed(text.imagesMissing);
    const product = this.bySku.get(sku) ?? this.bySlug.get(sku);
    // Links to the product's own pictures (an export without --images-dir) keep them as they are.
    if (files.some(isLink)) {
      const kept = product?.images.map(pathOf) ?? [];
      if (files.length !== kept.length || files.some((file, i) => pathOf(file) !== kept[i]))
        return failed(text.imageLinksNotKept);
    }
    const images: LocalImage[] = [];
    for (const file of files.filter((f) => !isLink(f))) {
      const located = await this.locate(file);
      if (!located.ok)
        return failed(located.problem === "outside" ? text.imageOutside(file) : text.imageNotFound(file));
      const checked = located.checked;
      if (!checked.ok) {
        if (checked.problem === "missing") return failed(text.imageNotFound(file));
        if (checked.problem === "too-large") return failed(text.imageTooLarge(file));
        return failed(text.imageNotAnImage(file));
      }
      images.push(checked.image);
    }

    if (product === undefined) return { row, sku, kind: "create", fields, images };
    const imagesChanged = images.length > 0 && !samePictures(images, product);
    const fieldsChanged =
      product.sku !== sku ||
      product.name !== fields.name ||
      product.description !== fields.description ||
      product.price !== fields.price ||
      product.inStock !== fields.inStock ||
      product.categoryId !== fields.categoryId ||
      product.subCategoryId !== fields.subCategoryId ||
      (fields.filterValueIds !== undefined && !sameValues(fields.filterValueIds, product));
    if (!fieldsChanged && !imagesChanged) return { row, sku, kind: "unchanged", product };
    // Values the product has already are not sent again.
    const sendValues = fields.filterValueIds !== undefined && !sameValues(fields.filterValueIds, product);
    const { filterValueIds: _values, ...rest } = fields;
    const sent = sendValues ? fields : rest;
    return { row, sku, kind: "update", product, fields: sent, images, imagesChanged };
  }

  /**
   * A file of the images column, found and checked once a run however many rows name it (a
   * catalogue of 10,000 rows may show the same picture on each).
   */
  private locate(file: string) {
    let found = this.files.get(file);
    if (found === undefined) {
      found = (async () => {
        const located = await imagePathIn(this.context.imagesDir, file);
        if (!located.ok) return located;
        return { ok: true as const, checked: await checkImage(located.path) };
      })();
      this.files.set(file, found);
    }
    return found;
  }

  /** The `filters` cell's value ids, by the names of the sub category's filters and their values. */
  private async filterValues(
    cell: string,
    subCategoryId: number,
    subCategoryName: string,
  ): Promise<{ ok: true; ids: number[] } | { ok: false; error: string }> {
    const items = cell
      .split(FILTER_SEPARATOR)
      .map((item) => item.trim())
      .filter(Boolean);
    if (items.length === 0) return { ok: true, ids: [] };
    const filters = await this.context.filtersOf(subCategoryId);
    const ids: number[] = [];
    const chosen = new Set<number>();
    for (const item of items) {
      const at = item.indexOf(FILTER_VALUE_MARK);
      const name = item.slice(0, at).trim();
      const valueName = item.slice(at + 1).trim();
      if (at < 0 || name === "" || valueName === "") return { ok: false, error: text.filterSyntax(item) };
      const filter = filters.find((f) => key(f.name) === key(name));
      if (filter === undefined)
        return {
          ok: false,
          error: text.filterNotFound(
            name,
            subCategoryName,
            filters.map((f) => f.name),
          ),
        };
      const value = filter.values.find((v) => key(v.name) === key(valueName));
      if (value === undefined)
        return {
          ok: false,
          error: text.filterValueNotFound(
            valueName,
            filter.name,
            filter.values.map((v) => v.name),
          ),
        };
      if (chosen.has(filter.id)) return { ok: false, error: text.filterRepeated(filter.name) };
      chosen.add(filter.id);
      ids.push(value.id);
    }
    return { ok: true, ids };
  }
}

/** The product carries exactly these values. */
function sameValues(ids: readonly number[], product: OwnedProduct): boolean {
  const has = new Set(product.filters.map((f) => f.valueId));
  return ids.length === has.size && ids.every((id) => has.has(id));
}

/**
 * PlanContext's `filtersOf`: each sub category's filters asked once; `unwrap` gives the answer's
 * value or throws (a failure ends the planning: nothing was sent yet).
 */
export function filtersLookup(
  categories: Pick<CategoryGateway, "listFilters">,
  unwrap: (answer: Result<Filter[]>) => Filter[],
): (subCategoryId: number) => Promise<readonly Filter[]> {
  const asked = new Map<number, Promise<Result<Filter[]>>>();
  return async (subCategoryId) => {
    if (!asked.has(subCategoryId)) asked.set(subCategoryId, categories.listFilters(subCategoryId));
    return unwrap(await asked.get(subCategoryId)!);
  };
}

/** An image cell naming a picture on the service (as an export without --images-dir writes it). */
const isLink = (cell: string) => /^https?:\/\//i.test(cell) || cell.startsWith("/media/");

/** The host path of a picture link or of a product image ("/media/products/x.webp"). */
function pathOf(link: string): string {
  if (!/^https?:\/\//i.test(link)) return link;
  try {
    return new URL(link).pathname;
  } catch {
    return link;
  }
}

/** The files are the product's pictures, in order: each was uploaded as it is, or downloaded. */
function samePictures(images: readonly LocalImage[], product: OwnedProduct): boolean {
  return (
    images.length === product.images.length &&
    images.every((image, i) => {
      const known = product.imageHashes[i];
      return known !== undefined && (known.uploaded === image.hash || known.served === image.hash);
    })
  );
}

/** Bytes a planned row uploads. */
export function uploadBytes(plan: RowPlan): number {
  if (plan.kind === "create" || (plan.kind === "update" && plan.imagesChanged))
    return plan.images.reduce((n, image) => n + image.size, 0);
  return 0;
}
