import { Box, Text, useInput } from "ink";
import { useState } from "react";
import { ItemList } from "../components/item-list.js";
import { productLine } from "../components/product-rows.js";
import { LoadedView } from "../components/status.js";
import { FilterView } from "../find/filter-view.js";
import { chosenCount, type Narrowing, NO_NARROWING } from "../find/narrowing.js";
import { useBrowseListing } from "../find/use-browse-listing.js";
import { useScreenKeys, useTui } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { useCategories, useSubCategories } from "./use-catalogue.js";

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

/**
 * A sub category's products, more loaded as the selection nears the end; `f` opens the filter view
 * (filter values, price, shops, sort), which narrows the list.
 */
export function SubCategoryProductsScreen({ subCategoryId }: { subCategoryId: number }) {
  const [narrowing, setNarrowing] = useState<Narrowing>(NO_NARROWING);
  const [filtering, setFiltering] = useState(false);
  const listing = useBrowseListing(subCategoryId, narrowing);
  // One of the two is shown: each says its own keys.
  return filtering ? (
    <FilterView
      subCategoryId={subCategoryId}
      narrowing={narrowing}
      facets={listing.facets}
      onApply={(chosen) => {
        setNarrowing(chosen);
        setFiltering(false);
      }}
      onCancel={() => setFiltering(false)}
    />
  ) : (
    <NarrowedProducts listing={listing} chosen={chosenCount(narrowing)} onFilter={() => setFiltering(true)} />
  );
}

function NarrowedProducts({
  listing,
  chosen,
  onFilter,
}: {
  listing: ReturnType<typeof useBrowseListing>;
  chosen: number;
  onFilter: () => void;
}) {
  const tui = useTui();
  const { width, height } = tui;
  const { products, failure, done, footer, loadMore, canFilter } = listing;
  useScreenKeys(canFilter ? [{ keys: "f", does: tuiMessages.filterAndSort }] : []);
  useInput((input) => input === "f" && canFilter && onFilter(), { isActive: tui.active });
  const line = chosen === 0 ? null : <Text dimColor>{tuiMessages.narrowed(chosen)}</Text>;
  if (products.length === 0) {
    if (failure !== null)
      return <LoadedView loaded={{ state: "failed", message: failure }}>{() => null}</LoadedView>;
    if (!done) return <LoadedView loaded={{ state: "loading" }}>{() => null}</LoadedView>;
    return (
      <Box flexDirection="column">
        {line}
        <Text>{chosen === 0 ? tuiMessages.nothingYet("products") : tuiMessages.noneNarrowed}</Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column">
      {line}
      <ItemList
        width={width}
        height={height - (line === null ? 0 : 1)}
        onNearEnd={loadMore}
        {...(footer ? { footer } : {})}
        rows={products.map((p) => ({
          key: String(p.id),
          text: productLine(p, width),
          onOpen: () => tui.open({ screen: "product", slug: p.slug, title: p.name }),
        }))}
      />
    </Box>
  );
}
