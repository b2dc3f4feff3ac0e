import { LISTING_PAGE_SIZE } from "@katale/domain";
import { Text } from "ink";
import { useCallback } from "react";
import { cliMessages } from "../../cli-messages.js";
import { ItemList } from "../components/item-list.js";
import { productLine } from "../components/product-rows.js";
import { LoadedView } from "../components/status.js";
import { failureText } from "../failure-text.js";
import { useTui } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { infiniteFooter, useInfinite } from "../use-infinite.js";
import { useLoad } from "../use-load.js";

function useDescribe(notFound?: string) {
  const { services } = useTui();
  return useCallback(
    (e: Parameters<typeof failureText>[0]) => failureText(e, services.urls, "shop", notFound),
    [services, notFound],
  );
}

/** Categories: Enter opens its sub categories. */
export function CategoriesScreen() {
  const tui = useTui();
  const describe = useDescribe();
  const { loaded } = useLoad(() => tui.services.categories.listCategories(), describe, []);
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
  const describe = useDescribe(cliMessages.categoryNotFound);
  const { loaded } = useLoad(() => tui.services.categories.listSubCategoriesOf(categoryId), describe, [
    categoryId,
  ]);
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
  const { services, width, height } = tui;
  const { state, loadMore } = useInfinite(
    (page) => services.products.listSubCategoryProductsPage(subCategoryId, page, LISTING_PAGE_SIZE),
    [services, subCategoryId],
  );
  if (state.items.length === 0) {
    if (state.error)
      return (
        <LoadedView loaded={{ state: "failed", message: failureText(state.error, services.urls) }}>
          {() => null}
        </LoadedView>
      );
    if (!state.done) return <LoadedView loaded={{ state: "loading" }}>{() => null}</LoadedView>;
    return <Text>{tuiMessages.nothingYet("products")}</Text>;
  }
  const footer = infiniteFooter(state, services.urls);
  return (
    <ItemList
      width={width}
      height={height}
      onNearEnd={loadMore}
      {...(footer ? { footer } : {})}
      rows={state.items.map((p) => ({
        key: String(p.id),
        text: productLine(p, width),
        onOpen: () => tui.open({ screen: "product", slug: p.slug, title: p.name }),
      }))}
    />
  );
}
