import { type BrowseFacets, findMessages, formatCount } from "@katale/domain";
import { LocateFixed } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { inputClass } from "../ui/field.js";
import type { Narrowing, NarrowingChange } from "./use-browse.js";
import { useNearMe } from "./use-near-me.js";

/** The lowest or highest price listed, as a field's hint ("1,500,000"). */
const priceHint = (price: number | null | undefined) => (price == null ? "" : formatCount(price));

const text = findMessages;

export interface FilterPanelProps {
  readonly facets: BrowseFacets | undefined;
  readonly narrowing: Narrowing;
  readonly change: (next: NarrowingChange) => void;
}

/**
 * The narrowings of a listing: the category's filters with their counts, a price range, a district,
 * "Near me", verified shops and in stock. Each change goes to the URL at once.
 */
export function FilterPanel({ facets, narrowing, change }: FilterPanelProps) {
  const chosen = new Set(narrowing.valueIds ?? []);
  const toggleValue = (valueId: number) => {
    const next = chosen.has(valueId) ? [...chosen].filter((id) => id !== valueId) : [...chosen, valueId];
    change({ valueIds: next.length === 0 ? undefined : next });
  };
  return (
    <div className="flex flex-col gap-5">
      {facets?.filters.map((filter) => (
        <fieldset key={filter.filterId} className="min-w-0">
          <legend className="mb-1 text-sm font-semibold text-gray-900">{filter.filterName}</legend>
          <ul className="flex flex-col">
            {filter.values.map((value) => (
              <li key={value.valueId}>
                <label className="flex min-h-10 cursor-pointer items-center gap-2 text-sm text-gray-800">
                  <input
                    type="checkbox"
                    className="h-5 w-5 accent-brand-700"
                    checked={chosen.has(value.valueId)}
                    onChange={() => toggleValue(value.valueId)}
                  />
                  <span className="flex-1">{value.valueName}</span>
                  <span className="text-gray-500">{value.count}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
      <PriceRange facets={facets} narrowing={narrowing} change={change} />
      <DistrictSelect facets={facets} narrowing={narrowing} change={change} />
      <NearMe narrowing={narrowing} change={change} />
      <Switch
        label={text.verifiedOnly}
        count={facets?.verified}
        on={narrowing.verifiedOnly === true}
        onChange={(on) => change({ verifiedOnly: on || undefined })}
      />
      <Switch
        label={text.inStockOnly}
        count={facets?.inStock}
        on={narrowing.inStockOnly === true}
        onChange={(on) => change({ inStockOnly: on || undefined })}
      />
    </div>
  );
}

/** Whole UGX typed as people type it ("25,000"); "" for none. */
const ugx = (typed: string): number | undefined => {
  const digits = typed.replace(/[\s,]/g, "");
  return /^\d{1,13}$/.test(digits) ? Number(digits) : undefined;
};

function PriceRange({ facets, narrowing, change }: FilterPanelProps) {
  const [min, setMin] = useState(narrowing.priceMin?.toString() ?? "");
  const [max, setMax] = useState(narrowing.priceMax?.toString() ?? "");
  const [wrong, setWrong] = useState(false);
  const id = useId();
  // Back, a chip or Clear all changed the URL: the fields follow.
  useEffect(() => setMin(narrowing.priceMin?.toString() ?? ""), [narrowing.priceMin]);
  useEffect(() => setMax(narrowing.priceMax?.toString() ?? ""), [narrowing.priceMax]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const low = ugx(min);
    const high = ugx(max);
    if (low !== undefined && high !== undefined && low > high) {
      setWrong(true);
      return;
    }
    setWrong(false);
    change({ priceMin: low, priceMax: high });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="flex flex-col gap-2">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-gray-900">
        {text.price}
      </h3>
      <div className="grid grid-cols-2 gap-2">
        <label className="flex flex-col gap-1 text-xs text-gray-700">
          {text.priceMin}
          <input
            className={inputClass}
            inputMode="numeric"
            autoComplete="off"
            placeholder={priceHint(facets?.price.min)}
            value={min}
            aria-invalid={wrong || undefined}
            aria-describedby={wrong ? `${id}-wrong` : undefined}
            onChange={(event) => setMin(event.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-xs text-gray-700">
          {text.priceMax}
          <input
            className={inputClass}
            inputMode="numeric"
            autoComplete="off"
            placeholder={priceHint(facets?.price.max)}
            value={max}
            aria-invalid={wrong || undefined}
            onChange={(event) => setMax(event.target.value)}
          />
        </label>
      </div>
      {wrong && (
        <p id={`${id}-wrong`} role="alert" className="text-sm text-red-700">
          {text.priceOrder}
        </p>
      )}
      <button type="submit" className="btn-secondary">
        {text.applyPrice}
      </button>
    </form>
  );
}

function DistrictSelect({ facets, narrowing, change }: FilterPanelProps) {
  const id = useId();
  const current = narrowing.districts?.[0] ?? "";
  const options = facets?.districts ?? [];
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-gray-900">
        {text.district}
      </label>
      <select
        id={id}
        className={inputClass}
        value={current}
        onChange={(event) => change({ districts: event.target.value ? [event.target.value] : undefined })}
      >
        <option value="">{text.anyDistrict}</option>
        {current !== "" && !options.some((o) => o.district === current) && (
          <option value={current}>{current}</option>
        )}
        {options.map((o) => (
          <option key={o.district} value={o.district}>
            {`${o.district} (${o.count})`}
          </option>
        ))}
      </select>
    </div>
  );
}

function NearMe({ narrowing, change }: Omit<FilterPanelProps, "facets">) {
  const { locate, asking, refused } = useNearMe();
  const on = narrowing.near !== undefined;
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-busy={asking}
        disabled={asking}
        className="flex min-h-11 items-center gap-2 text-left text-sm text-gray-800"
        onClick={async () => {
          if (on) {
            change({ near: undefined });
            return;
          }
          const point = await locate();
          if (point !== null) change({ near: point, sort: "nearest" });
        }}
      >
        <LocateFixed aria-hidden="true" size={18} className="text-brand-700" />
        <span className="flex-1">{on ? text.nearMeWithin(narrowing.near?.radiusKm ?? 10) : text.nearMe}</span>
        <Knob on={on} />
      </button>
      {asking && <p className="text-sm text-gray-600">{text.findingYou}</p>}
      {refused && (
        <p role="alert" className="text-sm text-red-700">
          {text.locationRefused}
        </p>
      )}
    </div>
  );
}

function Switch({
  label,
  count,
  on,
  onChange,
}: {
  label: string;
  count: number | undefined;
  on: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      className="flex min-h-11 items-center gap-2 text-left text-sm text-gray-800"
      onClick={() => onChange(!on)}
    >
      <span className="flex-1">
        {label}
        {count !== undefined && <span className="ml-1 text-gray-500">({count})</span>}
      </span>
      <Knob on={on} />
    </button>
  );
}

function Knob({ on }: { on: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`relative inline-block h-6 w-11 shrink-0 rounded-full transition-colors ${on ? "bg-brand-700" : "bg-gray-300"}`}
    >
      <span
        className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition-[left] ${on ? "left-5.5" : "left-0.5"}`}
      />
    </span>
  );
}
