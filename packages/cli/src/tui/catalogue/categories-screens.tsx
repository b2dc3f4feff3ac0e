import { Text } from "ink";
import { ItemList } from "../components/item-list.js";
import { productLine } from "../components/product-rows.js";
import { LoadedView } from "../components/status.js";
import { useTui } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { useCategories, useSubCategories, useSubCategoryProducts } from "./use-catalogue.js";

/** Categories: Enter opens its sub categories. */
export function CategoriesScreen() {
  const tui = useTui();
  const loaded = useCategories();
  return (
    <LoadedView loaded={loaded}>
      {(categories) => (
        <ItemList
          width={tui.width}
          height={tui.height}
          rows={categories.map((c) => ({
            key: String(c.id),
            text: c.name,
            onOpen: () => tui.open({ screen: "sub-categories", categoryId: c.id, title: c.name }),
          }))}
        />
      )}
    </LoadedView>
  );
}

/** A category's sub categories: Enter lists its products. */
export function SubCategoriesScreen({ categoryId }: { categoryId: number }) {
  const tui = useTui();
  const loaded = useSubCategories(categoryId);
  return (
    <LoadedView loaded={loaded}>
      {(subs) =>
        subs.length === 0 ? (
          <Text>{tuiMessages.nothingYet("sub categories")}</Text>
        ) : (
          <ItemList
            width={tui.width}
            height={tui.height}
            rows={subs.map((s) => ({
              key: String(s.id),
              text: s.name,
              onOpen: () => tui.open({ screen: "products", subCategoryId: s.id, title: s.name }),
            }))}
          />
        )
      }
    </LoadedView>
  );
}

/** A sub category's products, more loaded as the selection nears the end. */
export function SubCategoryProductsScreen({ subCategoryId }: { subCategoryId: number }) {
  const tui = useTui();
  const { width, height } = tui;
  const { products, failure, done, footer, loadMore } = useSubCategoryProducts(subCategoryId);
  if (products.length === 0) {
    if (failure !== null)
      return <LoadedView loaded={{ state: "failed", message: failure }}>{() => null}</LoadedView>;
    if (!done) return <LoadedView loaded={{ state: "loading" }}>{() => null}</LoadedView>;
    return <Text>{tuiMessages.nothingYet("products")}</Text>;
  }
  return (
    <ItemList
      width={width}
      height={height}
      onNearEnd={loadMore}
      {...(footer ? { footer } : {})}
      rows={products.map((p) => ({
        key: String(p.id),
        text: productLine(p, width),
        onOpen: () => tui.open({ screen: "product", slug: p.slug, title: p.name }),
      }))}
    />
  );
}
