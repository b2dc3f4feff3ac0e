import { type BrowseFacets, findMessages } from "@katale/domain";
import { X } from "lucide-react";
import type { Narrowing, NarrowingChange } from "./use-browse.js";

const text = findMessages;

export interface Chip {
  readonly key: string;
  readonly label: string;
  readonly drop: NarrowingChange;
}

/** What is chosen, one chip each, with what removing it changes. */
export function chipsOf(narrowing: Narrowing, facets: BrowseFacets | undefined): Chip[] {
  const chips: Chip[] = [];
  const values = narrowing.valueIds ?? [];
  for (const id of values) {
    const filter = facets?.filters.find((f) => f.values.some((v) => v.valueId === id));
    const value = filter?.values.find((v) => v.valueId === id);
    const rest = values.filter((v) => v !== id);
    // A value the facets do not show (another category's, while the next answer loads) has no name yet.
    if (filter && value)
      chips.push({
        key: `value-${id}`,
        label: `${filter.filterName}: ${value.valueName}`,
        drop: { valueIds: rest.length ? rest : undefined },
      });
  }
  const { priceMin: min, priceMax: max } = narrowing;
  if (min !== undefined || max !== undefined)
    chips.push({
      key: "price",
      label:
        min !== undefined && max !== undefined
          ? text.priceBetween(min, max)
          : min !== undefined
            ? text.priceFrom(min)
            : text.priceUpTo(max ?? 0),
      drop: { priceMin: undefined, priceMax: undefined },
    });
  for (const district of narrowing.districts ?? []) {
    const rest = (narrowing.districts ?? []).filter((d) => d !== district);
    chips.push({
      key: `district-${district}`,
      label: district,
      drop: { districts: rest.length ? rest : undefined },
    });
  }
  if (narrowing.near)
    chips.push({
      key: "near",
      label: text.nearMeWithin(narrowing.near.radiusKm ?? 10),
      drop: { near: undefined },
    });
  if (narrowing.verifiedOnly)
    chips.push({ key: "verified", label: text.verifiedOnly, drop: { verifiedOnly: undefined } });
  if (narrowing.inStockOnly)
    chips.push({ key: "in-stock", label: text.inStockOnly, drop: { inStockOnly: undefined } });
  return chips;
}

/** The chosen narrowings as chips that remove themselves, and Clear all. */
export function FilterChips({
  chips,
  change,
  clear,
}: {
  chips: readonly Chip[];
  change: (next: NarrowingChange) => void;
  clear?: () => void;
}) {
  if (chips.length === 0) return null;
  return (
    <ul aria-label={text.chosen} className="flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            className="inline-flex min-h-9 items-center gap-1 rounded-full border border-brand-700 bg-brand-50 px-3 text-sm text-brand-800 hover:bg-brand-100"
            aria-label={text.remove(chip.label)}
            onClick={() => change(chip.drop)}
          >
            {chip.label}
            <X aria-hidden="true" size={14} />
          </button>
        </li>
      ))}
      {clear && (
        <li>
          <button type="button" className="btn-link" onClick={clear}>
            {text.clearAll}
          </button>
        </li>
      )}
    </ul>
  );
}
