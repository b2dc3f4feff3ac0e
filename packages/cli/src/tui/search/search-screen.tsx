import { Box, Text, useInput } from "ink";
import { useState } from "react";
import { Field } from "../components/field.js";
import { ItemList } from "../components/item-list.js";
import { productLine } from "../components/product-rows.js";
import { ErrorLine } from "../components/status.js";
import { useScreenKeys, useTui, useTyping } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { useProductSearch } from "./use-product-search.js";

/** `/`: a search field, then the matching products (Enter opens one; `/` again edits the search). */
export function SearchScreen() {
  const tui = useTui();
  const { width, height } = tui;
  const [typing, setTyping] = useState(true);
  const [query, setQuery] = useState("");
  const { found, search: find } = useProductSearch();
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
    setTyping(false);
    await find(text);
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
