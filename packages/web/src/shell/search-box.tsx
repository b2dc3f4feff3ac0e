import { firstScreenMessages as messages } from "@katale/domain";
import { Search } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useLocation, useMatch, useNavigate, useNavigationType } from "react-router";
import { searchPath } from "../catalogue/catalogue-paths.js";
import { useLastSearch } from "../products/use-product-search.js";

/** Marks a results page this box opened: the box already holds its query, or what was typed since. */
const FROM_SEARCH_BOX = { fromSearchBox: true } as const;

/**
 * The header search: stores search_query and opens /products/search/{query}; blank goes home. On a
 * results page opened from a link or by going back, the box shows that page's query, ready to
 * refine. On one it opened itself it keeps its text: the page shows up when its code and answer
 * arrive, and on a slow line the visitor may have typed the next search by then.
 */
export function SearchBox({ className = "" }: { className?: string }) {
  const { remember } = useLastSearch();
  const navigate = useNavigate();
  const shownQuery = useMatch("/products/search/:query")?.params.query ?? "";
  const location = useLocation();
  const navigationType = useNavigationType();
  const [text, setText] = useState(shownQuery);
  const id = useId();

  const openedHere = navigationType !== "POP" && isFromSearchBox(location.state);
  useEffect(() => {
    if (!openedHere) setText(shownQuery);
  }, [shownQuery, openedHere]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const query = text.trim();
    if (query === "") {
      navigate("/");
      return;
    }
    remember(query);
    setText(query);
    navigate(searchPath(query), { state: FROM_SEARCH_BOX });
  }

  return (
    <search className={`flex min-w-0 ${className}`}>
      <form onSubmit={submit} className="flex min-w-0 flex-1 items-center">
        <label htmlFor={id} className="sr-only">
          {messages.web.searchProducts}
        </label>
        <input
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={messages.web.searchProducts}
          className="h-11 min-w-0 flex-1 rounded-l-full border border-r-0 border-gray-300 bg-white px-4 text-base"
        />
        <button
          type="submit"
          aria-label={messages.web.search}
          className="flex h-11 w-12 items-center justify-center rounded-r-full bg-brand-700 text-white hover:bg-brand-800"
        >
          <Search aria-hidden="true" size={20} />
        </button>
      </form>
    </search>
  );
}

function isFromSearchBox(state: unknown): boolean {
  return typeof state === "object" && state !== null && "fromSearchBox" in state;
}
