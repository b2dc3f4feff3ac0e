import { type BrowseFacets, type Filter, formatUgx } from "@katale/domain";
import { Box, Text, useInput } from "ink";
import { useRef, useState } from "react";
import { Field } from "../components/field.js";
import { ItemList, type Row } from "../components/item-list.js";
import { LoadedView } from "../components/status.js";
import { useScreenKeys, useTui, useTyping } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { LISTING_SORTS, type Narrowing, NO_NARROWING, parseTypedPrice, toggled } from "./narrowing.js";
import { useFilters } from "./use-browse-listing.js";

export interface FilterViewProps {
  readonly subCategoryId: number;
  /** What the listing shows now; the view starts from it. */
  readonly narrowing: Narrowing;
  /** The listing's counts (of its first page), or null before they came. */
  readonly facets: BrowseFacets | null;
  readonly onApply: (narrowing: Narrowing) => void;
  readonly onCancel: () => void;
}

type PriceEnd = "priceMin" | "priceMax";

/**
 * `f` on a listing: the sub category's filters and their values (Enter ticks one), a price range,
 * verified shops and stock, and the sort; `a` applies, `c` clears, Esc leaves the listing as it was.
 */
export function FilterView({ subCategoryId, narrowing, facets, onApply, onCancel }: FilterViewProps) {
  const tui = useTui();
  const { width, height } = tui;
  const loaded = useFilters(subCategoryId);
  const [draft, setDraftState] = useState(narrowing);
  // Keys that arrive in one chunk ("c" then "a") act one after another before React renders again:
  // each reads the draft the one before left.
  const latest = useRef(draft);
  const setDraft = (next: Narrowing | ((d: Narrowing) => Narrowing)) => {
    latest.current = typeof next === "function" ? next(latest.current) : next;
    setDraftState(latest.current);
  };
  const [editing, setEditing] = useState<PriceEnd | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The shell's keys (Esc back, q, Tab) stay off while the view is open: Esc is the view's.
  useTyping(true);
  useScreenKeys(
    editing === null
      ? [
          { keys: "Enter", does: "choose" },
          { keys: "a", does: "apply" },
          { keys: "c", does: "clear all" },
          { keys: "Esc", does: "cancel" },
        ]
      : [
          { keys: "Enter", does: "set the price (blank for any)" },
          { keys: "Esc", does: "cancel" },
        ],
  );

  useInput(
    (input, key) => {
      if (editing !== null) {
        if (key.escape) setEditing(null);
        return;
      }
      if (key.escape) return onCancel();
      if (input === "a") return onApply(latest.current);
      if (input === "c") return setDraft(NO_NARROWING);
    },
    { isActive: tui.active },
  );

  const setPrice = (end: PriceEnd, text: string) => {
    const price = parseTypedPrice(text);
    if (price === null) return setProblem(tuiMessages.priceInvalid);
    const next = { ...latest.current, [end]: price };
    if (next.priceMin !== undefined && next.priceMax !== undefined && next.priceMin > next.priceMax)
      return setProblem(tuiMessages.priceRangeInvalid);
    setProblem(null);
    setDraft(next);
    setEditing(null);
  };

  return (
    <LoadedView loaded={loaded}>
      {(filters) => (
        <Box flexDirection="column">
          <ItemList
            width={width}
            height={height - (editing === null ? 0 : 1) - (problem === null ? 0 : 1)}
            active={editing === null}
            rows={filterRows(filters, draft, facets, {
              toggle: (id) => setDraft((d) => toggled(d, id)),
              editPrice: (end) => {
                setProblem(null);
                setEditing(end);
              },
              set: (change) => setDraft((d) => ({ ...d, ...change(d) })),
              apply: () => onApply(latest.current),
              clear: () => setDraft(NO_NARROWING),
            })}
          />
          {problem === null ? null : <Text color="red">{problem}</Text>}
          {editing === null ? null : (
            <Box>
              <Text bold>{editing === "priceMin" ? tuiMessages.priceFrom : tuiMessages.priceTo} </Text>
              <Field
                defaultValue={draft[editing] === undefined ? "" : String(draft[editing])}
                placeholder="e.g. 20000"
                onSubmit={(text) => setPrice(editing, text)}
              />
            </Box>
          )}
        </Box>
      )}
    </LoadedView>
  );
}

interface Actions {
  toggle(valueId: number): void;
  editPrice(end: PriceEnd): void;
  /** Changes the draft as it stands (keys may come faster than renders). */
  set(change: (draft: Narrowing) => Partial<Narrowing>): void;
  apply(): void;
  clear(): void;
}

const tick = (on: boolean) => (on ? "[x]" : "[ ]");
const count = (n: number | undefined) => (n === undefined ? "" : ` (${n})`);

/** The view's rows: each filter's values, price, shops, sort, then apply and clear. */
export function filterRows(
  filters: readonly Filter[],
  draft: Narrowing,
  facets: BrowseFacets | null,
  act: Actions,
): Row[] {
  const rows: Row[] = [];
  const counted = new Map<number, number>();
  for (const f of facets?.filters ?? []) for (const v of f.values) counted.set(v.valueId, v.count);
  for (const filter of filters) {
    rows.push({ key: `f${filter.id}`, text: filter.name, heading: true });
    for (const value of filter.values)
      rows.push({
        key: `v${value.id}`,
        text: `${tick(draft.valueIds.includes(value.id))} ${value.name}${count(counted.get(value.id))}`,
        onOpen: () => act.toggle(value.id),
      });
  }
  const price = (n: number | undefined) => (n === undefined ? tuiMessages.anyPrice : formatUgx(n));
  const range =
    facets && facets.price.min != null && facets.price.max != null
      ? ` (${formatUgx(facets.price.min)} – ${formatUgx(facets.price.max)})`
      : "";
  rows.push({ key: "price", text: `${tuiMessages.priceHeading}${range}`, heading: true });
  rows.push({
    key: "price-min",
    text: `${tuiMessages.priceFrom} ${price(draft.priceMin)}`,
    onOpen: () => act.editPrice("priceMin"),
  });
  rows.push({
    key: "price-max",
    text: `${tuiMessages.priceTo} ${price(draft.priceMax)}`,
    onOpen: () => act.editPrice("priceMax"),
  });
  rows.push({ key: "shops", text: tuiMessages.shopsHeading, heading: true });
  rows.push({
    key: "verified",
    text: `${tick(draft.verifiedOnly)} ${tuiMessages.verifiedOnly}${count(facets?.verified)}`,
    onOpen: () => act.set((d) => ({ verifiedOnly: !d.verifiedOnly })),
  });
  rows.push({
    key: "in-stock",
    text: `${tick(draft.inStockOnly)} ${tuiMessages.inStockOnly}${count(facets?.inStock)}`,
    onOpen: () => act.set((d) => ({ inStockOnly: !d.inStockOnly })),
  });
  rows.push({ key: "sort", text: tuiMessages.sortHeading, heading: true });
  for (const sort of LISTING_SORTS)
    rows.push({
      key: `sort-${sort}`,
      text: `${draft.sort === sort ? "(•)" : "( )"} ${tuiMessages.sorts[sort]}`,
      onOpen: () => act.set(() => ({ sort })),
    });
  rows.push({ key: "done", text: "", heading: true });
  rows.push({ key: "apply", text: tuiMessages.applyFilters, onOpen: act.apply });
  rows.push({ key: "clear", text: tuiMessages.clearFilters, onOpen: act.clear });
  return rows;
}
