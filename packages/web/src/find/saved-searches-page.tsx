import { findMessages, type SavedSearch } from "@katale/domain";
import { Search, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { AccountFrame } from "../account/account-frame.js";
import { useCategories, useSubCategories } from "../catalogue/use-catalogue.js";
import { EmptyState } from "../ui/empty-state.js";
import { ErrorState } from "../ui/error-state.js";
import { useNotice } from "../ui/notices.js";
import { Spinner } from "../ui/spinner.js";
import { savedSearchPath } from "./saved-search-path.js";
import { useSavedSearches, useSavedSearchWrites } from "./use-saved-searches.js";

const text = findMessages;

/** /account/saved-searches: the user's saved searches, each to open or delete. */
export default function SavedSearchesPage() {
  const list = useSavedSearches();
  const categories = useCategories();
  const subCategories = useSubCategories();
  const result = list.data;
  const known = {
    categories: categories.data?.ok ? categories.data.value : [],
    subCategories: subCategories.data?.ok ? subCategories.data.value : [],
  };
  return (
    <AccountFrame title={text.savedSearches}>
      {result === undefined ? (
        <Spinner />
      ) : !result.ok ? (
        <ErrorState message={result.error.message} onRetry={() => list.refetch()} />
      ) : result.value.length === 0 ? (
        <EmptyState>{text.noSavedSearches}</EmptyState>
      ) : (
        <ul aria-label={text.savedSearches} className="flex flex-col gap-3">
          {result.value.map((search) => (
            <SavedSearchItem
              key={search.id}
              search={search}
              path={savedSearchPath(search.query, known.categories, known.subCategories)}
            />
          ))}
        </ul>
      )}
    </AccountFrame>
  );
}

function SavedSearchItem({ search, path }: { search: SavedSearch; path: string | null }) {
  const { remove } = useSavedSearchWrites();
  const notify = useNotice();
  const [busy, setBusy] = useState(false);
  const date = new Date(search.createdAt).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
  });
  return (
    <li className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <h2 className="break-words font-semibold text-gray-900">{search.name}</h2>
        <p className="text-sm text-gray-600">{text.savedOn(date)}</p>
      </div>
      <div className="flex gap-2">
        {path === null ? (
          <span className="btn-secondary opacity-60" aria-disabled="true">
            {text.open}
          </span>
        ) : (
          <Link to={path} className="btn-secondary" aria-label={`${text.open} ${search.name}`}>
            <Search aria-hidden="true" size={18} />
            {text.open}
          </Link>
        )}
        <button
          type="button"
          className="btn-secondary text-red-700"
          aria-label={text.deleteNamed(search.name)}
          disabled={busy}
          aria-busy={busy}
          onClick={async () => {
            setBusy(true);
            const deleted = await remove(search.id);
            if (deleted.ok) notify(text.deleted);
            else {
              setBusy(false);
              notify(deleted.error.message, "error");
            }
          }}
        >
          <Trash2 aria-hidden="true" size={18} />
          {text.delete}
        </button>
      </div>
    </li>
  );
}
