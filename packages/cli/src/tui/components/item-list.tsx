import { Box, Text, useInput } from "ink";
import { useEffect, useRef, useState } from "react";
import { truncate } from "../../output/text.js";
import { actionOf } from "../keymap.js";
import { useTui } from "../tui-context.js";

export interface Row {
  readonly key: string;
  readonly text: string;
  /** A heading between groups: shown, never selected. */
  readonly heading?: boolean;
  /** Enter on the row. */
  readonly onOpen?: () => void;
}

export interface ItemListProps {
  readonly rows: readonly Row[];
  readonly width: number;
  readonly height: number;
  /** Called when the selection comes within a screen of the end (load more). */
  readonly onNearEnd?: () => void;
  /** Told the selected row on each move (keys that act on it). */
  readonly onSelect?: (row: Row | undefined) => void;
  /** Keys go elsewhere (a text field) while false. */
  readonly active?: boolean;
  /** A line under the rows (loading more, the end). */
  readonly footer?: string;
}

const MARK = "›";

/** A list that scrolls: arrows and j/k move, Enter opens; only what fits is drawn. */
export function ItemList({
  rows,
  width,
  height,
  onNearEnd,
  onSelect,
  active: enabled = true,
  footer,
}: ItemListProps) {
  const active = useTui().active && enabled;
  const selectable = rows.flatMap((row, index) => (row.heading ? [] : [index]));
  const [position, setPosition] = useState(0);
  // Keys may reach the handler one after another before React renders again (the key pacer hands
  // them over as fast as the app draws): each move starts where the one before ended, not at the
  // position of the last render.
  const positionRef = useRef(position);
  positionRef.current = position;
  const clamp = (p: number) => Math.min(p, Math.max(0, selectable.length - 1));
  const at = clamp(position);
  const selectedIndex = selectable[at];
  const selected = selectedIndex === undefined ? undefined : rows[selectedIndex];

  // Told when the selected row changes, by key: rows are rebuilt on every render, and telling each new
  // object would set the parent's state on every render, for ever.
  const latestSelected = useRef(selected);
  latestSelected.current = selected;
  const selectedKey = selected?.key;
  useEffect(() => {
    void selectedKey;
    onSelect?.(latestSelected.current);
  }, [selectedKey, onSelect]);

  const visible = Math.max(1, height - (footer === undefined ? 0 : 1));
  useEffect(() => {
    if (onNearEnd !== undefined && selectable.length - at <= visible) onNearEnd();
  }, [at, selectable.length, visible, onNearEnd]);

  useInput(
    (input, key) => {
      const at = clamp(positionRef.current);
      const move = (to: number) => {
        const next = Math.max(0, Math.min(selectable.length - 1, to));
        positionRef.current = next;
        setPosition(next);
        // Told at once (not after the render): a key right after the move acts on the new row.
        const index = selectable[next];
        onSelect?.(index === undefined ? undefined : rows[index]);
      };
      switch (actionOf(input, key)) {
        case "up":
          return move(at - 1);
        case "down":
          return move(at + 1);
        case "page-up":
          return move(at - visible);
        case "page-down":
          return move(at + visible);
        case "first":
          return move(0);
        case "last":
          return move(selectable.length - 1);
        case "open": {
          const index = selectable[at];
          return (index === undefined ? undefined : rows[index])?.onOpen?.();
        }
        default:
          return;
      }
    },
    { isActive: active },
  );

  // The window keeps the selected row in view, with its heading when it is the group's first.
  const focus = selectedIndex ?? 0;
  const start = Math.max(0, Math.min(focus - Math.floor(visible / 2), rows.length - visible));
  const shown = rows.slice(start, start + visible);

  return (
    <Box flexDirection="column" width={width}>
      {shown.map((row, offset) => {
        const index = start + offset;
        const isSelected = index === selectedIndex;
        if (row.heading)
          return (
            <Text key={`${row.key}:${row.text}`} bold wrap="truncate">
              {truncate(row.text, width)}
            </Text>
          );
        // Keyed by the text too: a row whose text changed is laid out anew (Ink kept the old width).
        return (
          <Text
            key={`${row.key}:${row.text}`}
            wrap="truncate"
            inverse={isSelected && active}
            color={isSelected ? "cyan" : undefined}
          >
            {truncate(`${isSelected ? MARK : " "} ${row.text}`, width)}
          </Text>
        );
      })}
      {footer === undefined ? null : (
        <Text dimColor wrap="truncate">
          {truncate(footer, width)}
        </Text>
      )}
    </Box>
  );
}
