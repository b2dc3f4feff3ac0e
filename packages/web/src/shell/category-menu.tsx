import { firstScreenMessages as messages } from "@katale/domain";
import { ChevronDown, ChevronRight } from "lucide-react";
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { categoryPath, subCategoryPath } from "../catalogue/catalogue-paths.js";
import { useCategories, useRememberCatalogueChoice, useSubCategories } from "../catalogue/use-catalogue.js";
import { Spinner } from "../ui/spinner.js";
import { useDismiss } from "../ui/use-dismiss.js";

/** The links of a list, to move focus among them with the arrow keys. */
function linksIn(list: HTMLElement | null): HTMLAnchorElement[] {
  return list ? [...list.querySelectorAll("a")] : [];
}

function focusLink(link: HTMLAnchorElement | null | undefined): boolean {
  link?.focus();
  return link != null;
}

/** Focus the link `step` away from the focused one in `list` (wrapping); true when it moved. */
function moveFocus(list: HTMLElement | null, step: 1 | -1): boolean {
  const links = linksIn(list);
  if (links.length === 0) return false;
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  links[(at + step + links.length) % links.length]?.focus();
  return true;
}

/**
 * The desktop Category dropdown (spec §2): categories on the left, the sub categories of the hovered
 * (or focused) category on the right. Loads the catalogue the first time it opens.
 *
 * Pointer: entering the button opens the menu and the click that follows keeps it open (a later
 * click closes it); leaving the menu, a click elsewhere or Escape closes it.
 *
 * Keyboard: Tab walks the links as usual; ArrowDown on the button opens the menu on the first
 * category; ArrowUp/ArrowDown move within a column, ArrowRight goes from a category to its sub
 * categories and ArrowLeft back; Escape closes and returns to the button.
 */
export function CategoryMenu() {
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<number | null>(null);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const categoryList = useRef<HTMLUListElement>(null);
  const subList = useRef<HTMLUListElement>(null);
  /** Set by ArrowDown on the button: focus the first category once the list is there. */
  const focusFirstPending = useRef(false);
  /** The pointer opened the menu: the click that usually follows confirms it instead of closing it. */
  const openedByHover = useRef(false);
  const close = useCallback(() => setOpen(false), []);
  const location = useLocation();
  const remember = useRememberCatalogueChoice();
  const categories = useCategories(open);
  const subCategories = useSubCategories(open);

  // Close after navigating, on Escape and on a click elsewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => setOpen(false), [location.pathname]);
  useDismiss(open, root, close);
  useEffect(() => {
    if (!open) openedByHover.current = false;
  }, [open]);

  const list = categories.data?.ok ? categories.data.value : [];

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the menu opens or its list arrives
  useEffect(() => {
    if (!focusFirstPending.current || list.length === 0) return;
    linksIn(categoryList.current)[0]?.focus();
    focusFirstPending.current = false;
  }, [open, list.length]);

  function onButtonHover() {
    if (open) return;
    openedByHover.current = true;
    setOpen(true);
  }

  function onButtonClick() {
    if (openedByHover.current) {
      openedByHover.current = false;
      return;
    }
    setOpen((o) => !o);
  }

  function onButtonKey(event: KeyboardEvent) {
    if (event.key !== "ArrowDown") return;
    event.preventDefault();
    focusFirstPending.current = true;
    setOpen(true);
  }

  /** Up and Down within a column (wrapping); `across` leads to the other column's `target`. */
  function onColumnKey(
    event: KeyboardEvent,
    column: HTMLElement | null,
    across: "ArrowLeft" | "ArrowRight",
    target: () => HTMLAnchorElement | null | undefined,
  ) {
    let moved = false;
    if (event.key === "ArrowDown") moved = moveFocus(column, 1);
    else if (event.key === "ArrowUp") moved = moveFocus(column, -1);
    else if (event.key === across) moved = focusLink(target());
    if (moved) event.preventDefault();
  }

  function onMenuKey(event: KeyboardEvent) {
    if (event.key === "Escape" && root.current?.contains(document.activeElement)) button.current?.focus();
  }
  const active = list.find((c) => c.id === activeId) ?? list[0];
  const subs = subCategories.data?.ok
    ? subCategories.data.value.filter((s) => s.categoryId === active?.id)
    : [];

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: closing on pointer leave is a mouse nicety; the button and Escape do it for everyone
    <div ref={root} className="relative" onMouseLeave={() => setOpen(false)} onKeyDown={onMenuKey}>
      <button
        ref={button}
        type="button"
        onKeyDown={onButtonKey}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onButtonClick}
        onMouseEnter={onButtonHover}
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
              <ul
                ref={categoryList}
                className="max-h-[70vh] w-1/2 overflow-y-auto border-r border-gray-100 py-2"
              >
                {list.map((category) => (
                  <li key={category.id}>
                    <Link
                      to={categoryPath(category.name)}
                      onClick={() => remember.category(category)}
                      onMouseEnter={() => setActiveId(category.id)}
                      onFocus={() => setActiveId(category.id)}
                      onKeyDown={(event) =>
                        onColumnKey(
                          event,
                          categoryList.current,
                          "ArrowRight",
                          () => linksIn(subList.current)[0],
                        )
                      }
                      data-active={category.id === active?.id ? "" : undefined}
                      className={`flex items-center justify-between px-4 py-2 text-sm hover:bg-brand-50 ${category.id === active?.id ? "bg-brand-50 text-brand-700" : "text-gray-800"}`}
                    >
                      {category.name}
                      <ChevronRight aria-hidden="true" size={16} />
                    </Link>
                  </li>
                ))}
              </ul>
              <ul ref={subList} className="max-h-[70vh] w-1/2 overflow-y-auto py-2" aria-label={active?.name}>
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
                      onKeyDown={(event) =>
                        onColumnKey(event, subList.current, "ArrowLeft", () =>
                          categoryList.current?.querySelector<HTMLAnchorElement>("a[data-active]"),
                        )
                      }
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
