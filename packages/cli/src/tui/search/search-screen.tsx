import { type Product, searchProducts } from "@katale/domain";
import { Box, Text, useInput } from "ink";
import { useState } from "react";
import { Field } from "../components/field.js";
import { ItemList } from "../components/item-list.js";
import { productLine } from "../components/product-rows.js";
import { ErrorLine } from "../components/status.js";
import { failureText } from "../failure-text.js";
import { useScreenKeys, useTui, useTyping } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";

type Found =
  | { readonly state: "none" }
  | { readonly state: "searching"; readonly query: string }
  | { readonly state: "found"; readonly query: string; readonly products: Product[] }
  | { readonly state: "failed"; readonly message: string };

/** `/`: a search field, then the matching products (Enter opens one; `/` again edits the search). */
export function SearchScreen() {
  const tui = useTui();
  const { services, width, height } = tui;
  const [typing, setTyping] = useState(true);
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<Found>({ state: "none" });
  useTyping(typing);
  useScreenKeys(typing ? [{ keys: "Enter", does: "search" }] : [{ keys: "/", does: "edit the search" }]);

  useInput(
    (_input, key) => {
      if (!key.escape) return;
      if (found.state === "found") setTyping(false);
      else tui.back();
    },
    { isActive: typing && tui.active },
  );
  // `/` on the results puts the cursor back in the field.
  useInput((input) => input === "/" && setTyping(true), { isActive: !typing && tui.active });

  const search = async (text: string) => {
    setQuery(text);
    if (text.trim() === "") return;
    setFound({ state: "searching", query: text.trim() });
    setTyping(false);
    try {
      const outcome = await searchProducts(services.products, text);
      if (!outcome.ok)
        return setFound({ state: "failed", message: failureText(outcome.error, services.urls) });
      if (outcome.value.kind === "results")
        setFound({ state: "found", query: outcome.value.query, products: outcome.value.products });
    } catch (error) {
      setFound({ state: "failed", message: tuiMessages.unexpected(String(error)) });
    }
  };

  return (
    <Box flexDirection="column">
      <Box>
        <Text bold>{tuiMessages.searchPrompt} </Text>
        {typing ? (
          <Field
            defaultValue={query}
            placeholder="e.g. solar lantern"
            onSubmit={(text) => void search(text)}
          />
        ) : (
          <Text>{query}</Text>
        )}
      </Box>
      {found.state === "none" ? <Text dimColor>{tuiMessages.searchHint}</Text> : null}
      {found.state === "searching" ? <Text dimColor>{tuiMessages.loading}</Text> : null}
      {found.state === "failed" ? <ErrorLine text={found.message} /> : null}
      {found.state === "found" ? (
        found.products.length === 0 ? (
          <Text>{tuiMessages.noMatches(found.query)}</Text>
        ) : (
          <ItemList
            width={width}
            height={height - 1}
            active={!typing}
            footer={tuiMessages.found(found.products.length, found.query)}
            rows={found.products.map((p) => ({
              key: String(p.id),
              text: productLine(p, width),
              onOpen: () => tui.open({ screen: "product", slug: p.slug, title: p.name }),
            }))}
          />
        )
      ) : null}
    </Box>
  );
}
