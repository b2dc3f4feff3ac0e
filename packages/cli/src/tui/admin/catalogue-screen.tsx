import { webAdminMessages } from "@katale/domain";
import { Box, Text, useInput } from "ink";
import { useState } from "react";
import { adminCliMessages } from "../../admin/admin-cli-messages.js";
import { truncate } from "../../output/text.js";
import { Field } from "../components/field.js";
import { ItemList, type Row } from "../components/item-list.js";
import { LoadedView } from "../components/status.js";
import { useScreenKeys, useTui, useTyping } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { CHILD, type Prompt, treeRows } from "./catalogue-tree.js";
import { useCatalogueTree } from "./use-catalogue-tree.js";

/**
 * The catalogue as a tree: Enter opens or closes a category, sub category or filter; n adds a
 * category, a adds under the selected one, r renames, i sets a category's or sub category's image
 * (a file's path), d deletes (after y).
 */
export function CatalogueScreen() {
  const tui = useTui();
  const { width, height } = tui;
  const { categories, open, toggle, remove, apply } = useCatalogueTree();
  const [selected, setSelected] = useState<Row | undefined>();
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  useTyping(prompt !== null);

  const { rows, nodes } = treeRows(categories.state === "ok" ? categories.value : [], open, toggle);
  const current = selected === undefined ? null : (nodes.get(selected.key) ?? null);

  useScreenKeys(
    prompt
      ? [{ keys: "Enter", does: prompt.kind === "delete" ? "y deletes" : "save" }]
      : [
          { keys: "n", does: "new category" },
          { keys: "a", does: "add under" },
          { keys: "r", does: "rename" },
          { keys: "i", does: "image" },
          { keys: "d", does: "delete" },
        ],
  );
  useInput(
    (input, key) => {
      if (prompt !== null) {
        if (key.escape) setPrompt(null);
        if (prompt.kind === "delete" && (input === "y" || input === "n")) {
          setPrompt(null);
          if (input === "y") void remove(prompt.node);
        }
        return;
      }
      if (input === "n") setPrompt({ kind: "add", under: null, label: "New category" });
      if (input === "a" && current && CHILD[current.level])
        setPrompt({
          kind: "add",
          under: current,
          label: `New ${CHILD[current.level]} in ${current.item.name}`,
        });
      if (input === "r" && current) setPrompt({ kind: "rename", node: current });
      if (input === "i" && current) {
        if (current.level === "category" || current.level === "sub-category")
          setPrompt({ kind: "image", node: current });
        else tui.say(adminCliMessages.imageOnLeaf, "error");
      }
      if (input === "d" && current) setPrompt({ kind: "delete", node: current });
    },
    { isActive: tui.active },
  );

  const submit = (text: string) => {
    const active = prompt;
    if (active === null) return;
    setPrompt(null);
    void apply(active, text);
  };

  return (
    <Box flexDirection="column">
      {prompt === null ? (
        <Text dimColor wrap="truncate">
          {truncate(tuiMessages.catalogueHint, width)}
        </Text>
      ) : prompt.kind === "delete" ? (
        <Text color="yellow">{`${webAdminMessages.deleteTitle(prompt.node.item.name)} ${webAdminMessages.deleteLead} (y/n)`}</Text>
      ) : (
        <Box>
          <Text>
            {prompt.kind === "add"
              ? `${prompt.label}: `
              : prompt.kind === "image"
                ? `${webAdminMessages.image} (${prompt.node.item.name}), a file: `
                : `Rename ${prompt.node.item.name}: `}
          </Text>
          <Field
            {...(prompt.kind === "rename" ? { defaultValue: prompt.node.item.name } : {})}
            {...(prompt.kind === "image" ? { placeholder: "picture.jpg" } : {})}
            onSubmit={(value) => void submit(value)}
          />
        </Box>
      )}
      <LoadedView loaded={categories}>
        {() => (
          <ItemList
            rows={rows}
            width={width}
            height={height - 1}
            active={prompt === null}
            onSelect={setSelected}
          />
        )}
      </LoadedView>
    </Box>
  );
}
