import { messages } from "@katale/domain";
import { Search } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useMatch, useNavigate } from "react-router";
import { useServices } from "../app/services-context.js";
import { searchPath } from "../catalogue/catalogue-paths.js";

/**
 * The header search: stores search_query and opens /products/search/{query}; blank goes home. On a
 * results page (also one opened from a link) the box shows that page's query, ready to refine.
 */
export function SearchBox({ className = "" }: { className?: string }) {
  const { local } = useServices();
  const navigate = useNavigate();
  const shownQuery = useMatch("/products/search/:query")?.params.query ?? "";
  const [text, setText] = useState(shownQuery);
  const id = useId();

  useEffect(() => setText(shownQuery), [shownQuery]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const query = text.trim();
    if (query === "") {
      navigate("/");
      return;
    }
    local.set("search_query", query);
    navigate(searchPath(query));
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
