import { formatUgx, type Product } from "@katale/domain";
import { Box, Text, useInput } from "ink";
import { useState } from "react";
import { padEnd, truncate } from "../../output/text.js";
import { Field } from "../components/field.js";
import { ItemList, type Row } from "../components/item-list.js";
import { LoadedView } from "../components/status.js";
import { useScreenKeys, useTui, useTyping } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { useShopProducts } from "./use-selling.js";

/** One of my shops: its products with their stock; t sets the stock, a adds, e edits, i imports a CSV. */
export function MyShopScreen({ shopId, title }: { shopId: number; title: string }) {
  const tui = useTui();
  const { width, height } = tui;
  const list = useShopProducts(shopId);
  const [selected, setSelected] = useState<Row | undefined>();
  const [editingStock, setEditingStock] = useState<Product | null>(null);
  useTyping(editingStock !== null);

  const products = list.products.state === "ok" ? list.products.value : [];
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
    if (editingStock === null) return;
    if (await list.setStock(editingStock, value)) setEditingStock(null);
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
      <LoadedView loaded={list.products}>
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
