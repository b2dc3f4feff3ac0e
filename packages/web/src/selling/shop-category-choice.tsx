import { type Category, SHOP_CATEGORIES_MAX, shopOwnerMessages } from "@katale/domain";
import { useId } from "react";
import { ErrorState } from "../ui/error-state.js";
import { Spinner } from "../ui/spinner.js";

const text = shopOwnerMessages;

/**
 * Up to 3 categories as checkboxes in a fieldset: once 3 are chosen the others are disabled, and
 * the count left is read out as the hint.
 */
export function ShopCategoryChoice({
  categories,
  value,
  error,
  onChange,
  onRetry,
  loadError,
}: {
  categories: readonly Category[] | undefined;
  value: readonly number[];
  error?: string | undefined;
  onChange: (ids: number[]) => void;
  onRetry: () => void;
  loadError?: string | undefined;
}) {
  const id = useId();
  const full = value.length >= SHOP_CATEGORIES_MAX;
  return (
    <fieldset
      aria-describedby={`${id}-message`}
      aria-invalid={error ? true : undefined}
      className="flex flex-col gap-2"
    >
      <legend className="mb-1 text-sm font-medium text-gray-800">{text.categories}</legend>
      {loadError ? (
        <ErrorState message={loadError} onRetry={onRetry} />
      ) : categories === undefined ? (
        <Spinner />
      ) : (
        <div className="flex flex-wrap gap-2">
          {categories.map((category) => {
            const checked = value.includes(category.id);
            return (
              <label
                key={category.id}
                className={`inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700 ${
                  checked
                    ? "border-brand-700 bg-brand-50 text-brand-700"
                    : "border-gray-300 bg-white text-gray-800"
                } ${!checked && full ? "cursor-not-allowed opacity-50" : ""}`}
              >
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-700"
                  checked={checked}
                  disabled={!checked && full}
                  onChange={() =>
                    onChange(checked ? value.filter((v) => v !== category.id) : [...value, category.id])
                  }
                />
                {category.name}
              </label>
            );
          })}
        </div>
      )}
      <p id={`${id}-message`} className={`text-sm ${error ? "text-red-700" : "text-gray-600"}`}>
        {error ??
          (value.length === 0
            ? text.categoriesHint
            : text.categoriesLeft(SHOP_CATEGORIES_MAX - value.length))}
      </p>
    </fieldset>
  );
}
