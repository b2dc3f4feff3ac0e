import {
  type Category,
  type OwnedProduct,
  PRODUCT_IMAGES_MAX,
  productFormSchema,
  type SubCategory,
} from "@katale/domain";
import { checkImage, type LocalImage } from "../image-files.js";
import { parsePrice } from "../parse-price.js";
import { sellingCliMessages as text } from "../selling-cli-messages.js";
import { IMAGE_SEPARATOR } from "./csv-columns.js";
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
    const fields: ProductFields = parsed.data;

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
      const located = await imagePathIn(this.context.imagesDir, file);
      if (!located.ok)
        return failed(located.problem === "outside" ? text.imageOutside(file) : text.imageNotFound(file));
      const checked = await checkImage(located.path);
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
      product.subCategoryId !== fields.subCategoryId;
    if (!fieldsChanged && !imagesChanged) return { row, sku, kind: "unchanged", product };
    return { row, sku, kind: "update", product, fields, images, imagesChanged };
  }
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
