import { webAccountMessages } from "@katale/domain";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { tabIndexForKey } from "../ui/tab-keys.js";
import { AccountListView } from "./account-list-views.js";
import { type AccountList, accountLists } from "./account-sections.js";

/** The desktop tabs of /account: Saved items, Followed shops, Your reviews, Browse history. */
export function AccountTabs() {
  const [active, setActive] = useState<AccountList["id"]>("saved");
  const base = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = accountLists.find((list) => list.id === active) ?? accountLists[0];

  // Arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern).
  function onKeyDown(event: KeyboardEvent, index: number) {
    const next = tabIndexForKey(event.key, index, accountLists.length);
    if (next === null) return;
    event.preventDefault();
    setActive(accountLists[next]?.id ?? "saved");
    buttons.current[next]?.focus();
  }

  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
      <div
        role="tablist"
        aria-label={webAccountMessages.myAccount}
        className="flex gap-1 overflow-x-auto border-b border-gray-200"
      >
        {accountLists.map((list, i) => (
          <button
            key={list.id}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-${list.id}-tab`}
            aria-selected={active === list.id}
            aria-controls={`${base}-${list.id}-panel`}
            tabIndex={active === list.id ? 0 : -1}
            onClick={() => setActive(list.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={`-mb-px min-h-11 shrink-0 border-b-2 px-4 font-medium whitespace-nowrap ${active === list.id ? "border-brand-700 text-brand-700" : "border-transparent text-gray-600 hover:text-gray-900"}`}
          >
            {list.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-${current.id}-panel`}
        aria-labelledby={`${base}-${current.id}-tab`}
        className="pt-4"
      >
        <AccountListView list={current} inTab />
      </div>
    </section>
  );
}
