import { messages } from "@katale/domain";
import { ChevronDown, ChevronRight } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { categoryPath, subCategoryPath } from "../catalogue/catalogue-paths.js";
import { useCategories, useRememberCatalogueChoice, useSubCategories } from "../catalogue/use-catalogue.js";
import { Spinner } from "../ui/spinner.js";
import { useDismiss } from "../ui/use-dismiss.js";

/**
 * The desktop Category dropdown (spec §2): categories on the left, the sub categories of the hovered
 * (or focused) category on the right. Loads the catalogue the first time it opens.
 */
export function CategoryMenu() {
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<number | null>(null);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const location = useLocation();
  const remember = useRememberCatalogueChoice();
  const categories = useCategories(open);
  const subCategories = useSubCategories(open);

  // Close after navigating, on Escape and on a click elsewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => setOpen(false), [location.pathname]);
  useDismiss(open, root, close);

  const list = categories.data?.ok ? categories.data.value : [];
  const active = list.find((c) => c.id === activeId) ?? list[0];
  const subs = subCategories.data?.ok
    ? subCategories.data.value.filter((s) => s.categoryId === active?.id)
    : [];

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: closing on pointer leave is a mouse nicety; the button and Escape do it for everyone
    <div ref={root} className="relative" onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        onMouseEnter={() => setOpen(true)}
        className="flex h-11 items-center gap-1 rounded-lg px-3 font-medium text-gray-800 hover:bg-gray-100"
      >
        {messages.header.category}
        <ChevronDown aria-hidden="true" size={18} />
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute top-full left-0 z-40 flex w-[36rem] rounded-xl border border-gray-200 bg-white shadow-lg"
        >
          {categories.isPending ? (
            <Spinner className="w-full" />
          ) : categories.data?.ok === false ? (
            <p className="p-4 text-gray-700">{messages.catalogue.failedToLoadCategories}</p>
          ) : (
            <>
              <ul className="max-h-[70vh] w-1/2 overflow-y-auto border-r border-gray-100 py-2">
                {list.map((category) => (
                  <li key={category.id}>
                    <Link
                      to={categoryPath(category.name)}
                      onClick={() => remember.category(category)}
                      onMouseEnter={() => setActiveId(category.id)}
                      onFocus={() => setActiveId(category.id)}
                      className={`flex items-center justify-between px-4 py-2 text-sm hover:bg-brand-50 ${category.id === active?.id ? "bg-brand-50 text-brand-700" : "text-gray-800"}`}
                    >
                      {category.name}
                      <ChevronRight aria-hidden="true" size={16} />
                    </Link>
                  </li>
                ))}
              </ul>
              <ul className="max-h-[70vh] w-1/2 overflow-y-auto py-2" aria-label={active?.name}>
                {subs.length === 0 && !subCategories.isPending && (
                  <li className="px-4 py-2 text-sm text-gray-600">
                    {messages.catalogue.noSubCategoriesAvailable}
                  </li>
                )}
                {subs.map((sub) => (
                  <li key={sub.id}>
                    <Link
                      to={subCategoryPath(sub.name)}
                      onClick={() => remember.subCategory(sub)}
                      className="block px-4 py-2 text-sm text-gray-800 hover:bg-brand-50 hover:text-brand-700"
                    >
                      {sub.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}
