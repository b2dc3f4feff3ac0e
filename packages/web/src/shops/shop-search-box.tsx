import { Search } from "lucide-react";
import { useId } from "react";

/** A filtering search box (no submit: the list narrows as one types). */
export function ShopSearchBox({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
}) {
  const id = useId();
  return (
    <div className="relative w-full max-w-md">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        size={18}
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-gray-500"
      />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={label}
        className="h-11 w-full rounded-full border border-gray-300 bg-white pr-4 pl-10 text-base"
      />
    </div>
  );
}
