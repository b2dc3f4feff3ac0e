import { resolve } from "node:path";
import { addProduct, editProduct, type ImageUpload, type Product } from "@katale/domain";
import { useEffect, useState } from "react";
import { loadImageFile } from "../../selling/image-files.js";
import { useTui, useTuiServices } from "../tui-context.js";
import { useFailureText, useSellingFailureText } from "../use-failure-text.js";
import { type Catalogue, type FormValues, type Step, valuesOf } from "./product-form-steps.js";

/** A sent form that was refused: why, and the step to go back to (where the problem is). */
export interface Refused {
  readonly problem: string;
  readonly step?: Step;
}

/**
 * The product form's data: the catalogue to choose from and, editing, the product (its values
 * handed to `onProduct` as it arrives); `submit` adds or edits it, says so and goes back.
 */
export function useProductForm(
  shopId: number,
  productSlug: string | undefined,
  onProduct: (values: FormValues) => void,
) {
  const services = useTuiServices();
  const tui = useTui();
  const describe = useFailureText();
  const describeSelling = useSellingFailureText();
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  const [product, setProduct] = useState<Product | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once per product; onProduct only sets the form
  useEffect(() => {
    void (async () => {
      const [categories, subCategories] = await Promise.all([
        services.categories.listCategories(),
        services.categories.listSubCategories(),
      ]);
      if (!categories.ok) return setFailure(describe(categories.error));
      if (!subCategories.ok) return setFailure(describe(subCategories.error));
      setCatalogue({ categories: categories.value, subCategories: subCategories.value });
      if (productSlug === undefined) return;
      const found = await services.products.getProductBySlug(productSlug);
      if (!found.ok) return setFailure(describe(found.error));
      setProduct(found.value);
      onProduct(valuesOf(found.value));
    })();
  }, [services, productSlug]);

  /** Null once sent (or when there is nobody to send it as); what was refused otherwise. */
  const submit = async (all: FormValues): Promise<Refused | null> => {
    if (services.selling === undefined) return null;
    const files = all.images
      .split(";")
      .map((f) => f.trim())
      .filter((f) => f !== "");
    const uploads: ImageUpload[] = [];
    for (const file of files) {
      const loaded = await loadImageFile(resolve(file));
      if (typeof loaded === "string") return { problem: `${file}: ${loaded}`, step: "images" };
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
    if (!outcome.ok) {
      const fieldName =
        outcome.error.kind === "invalid-form" ? Object.keys(outcome.error.fields ?? {})[0] : undefined;
      // Too few or too many images: editing, back to the product's own ones (a removal to undo).
      const step = fieldName === "images" && product !== null ? "keptImages" : (fieldName as Step);
      return { problem: describeSelling(outcome.error), step };
    }
    tui.say(`${outcome.value.message}: ${outcome.value.product.name}`);
    tui.back();
    return null;
  };

  return { catalogue, product, failure, canSubmit: services.selling !== undefined, submit };
}
