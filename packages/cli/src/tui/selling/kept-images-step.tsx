import { webSellingMessages } from "@katale/domain";
import { Box, Text, useInput } from "ink";
import { useState } from "react";
import { truncate } from "../../output/text.js";
import { actionOf } from "../keymap.js";
import { useScreenKeys, useTui } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { keptSummary } from "./product-form-steps.js";

/**
 * Editing: the product's own images, in order, each by its position ("Picture 2"). x removes the
 * selected one (x again keeps it: nothing is removed until the form is saved); Enter goes on.
 */
export function KeptImagesStep({
  images,
  kept,
  width,
  onDone,
}: {
  images: readonly string[];
  kept: readonly string[];
  width: number;
  onDone: (kept: readonly string[]) => void;
}) {
  const tui = useTui();
  const text = webSellingMessages;
  const [removed, setRemoved] = useState<ReadonlySet<string>>(
    () => new Set(images.filter((image) => !kept.includes(image))),
  );
  const [at, setAt] = useState(0);
  const [said, setSaid] = useState<string | null>(null);
  const selected = images[at];
  const isRemoved = selected !== undefined && removed.has(selected);
  const staying = images.filter((image) => !removed.has(image));

  useScreenKeys([
    { keys: "↑ ↓", does: "choose an image" },
    { keys: "x", does: isRemoved ? tuiMessages.keepImage(at + 1) : text.removeImage(at + 1) },
    { keys: "Enter", does: "next" },
  ]);
  useInput(
    (input, key) => {
      const action = actionOf(input, key);
      if (action === "up") return setAt((i) => Math.max(0, i - 1));
      if (action === "down") return setAt((i) => Math.min(images.length - 1, i + 1));
      if (action === "open") return onDone(staying);
      if (input === "x" && selected !== undefined) {
        const next = new Set(removed);
        if (next.has(selected)) next.delete(selected);
        else next.add(selected);
        setRemoved(next);
        setSaid(next.has(selected) ? text.imageRemoved : tuiMessages.imageKept(at + 1));
      }
    },
    { isActive: tui.active },
  );

  return (
    <Box flexDirection="column">
      <Text dimColor>{`${keptSummary(staying)} · ${tuiMessages.keptImagesHint}`}</Text>
      {images.map((image, index) => {
        const gone = removed.has(image);
        const display = !gone && image === staying[0];
        const line = `${index === at ? "›" : " "} ${tuiMessages.pictureN(index + 1)}${display ? ` · ${text.displayImage}` : ""}${gone ? ` · ${text.imageRemoved}` : ""}`;
        return (
          <Text
            key={image}
            wrap="truncate"
            inverse={index === at}
            color={gone ? "red" : index === at ? "cyan" : undefined}
            strikethrough={gone}
          >
            {truncate(line, width)}
          </Text>
        );
      })}
      {said ? <Text>{said}</Text> : null}
    </Box>
  );
}
