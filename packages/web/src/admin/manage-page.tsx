import { webAdminMessages } from "@katale/domain";
import type { AdminPorts } from "@katale/domain/admin";
import { type KeyboardEvent, useId } from "react";
import { useSearchParams } from "react-router";
import { AccountFrame } from "../account/account-frame.js";
import { AddCategoryForm, AddFilterForm, AddFilterValueForm, AddSubCategoryForm } from "./add-forms.js";
import { AdminGate } from "./admin-gate.js";
import { CategoryList, SubCategoryGrid } from "./catalogue-lists.js";

const text = webAdminMessages;

const tabs = [
  { id: "categories", label: text.tabCategories, Panel: CategoryList },
  { id: "add-category", label: text.tabAddCategory, Panel: AddCategoryForm },
  { id: "sub-categories", label: text.tabSubCategories, Panel: SubCategoryGrid },
  { id: "add-sub-category", label: text.tabAddSubCategory, Panel: AddSubCategoryForm },
  { id: "add-filter", label: text.tabAddFilter, Panel: AddFilterForm },
  { id: "add-filter-value", label: text.tabAddFilterValue, Panel: AddFilterValueForm },
] as const;

/** /account/manage: the catalogue manager's six tabs (spec §2), for admins only. */
export default function ManagePage() {
  return <AdminGate>{(ports) => <Manager ports={ports} />}</AdminGate>;
}

function Manager({ ports }: { ports: AdminPorts }) {
  const [params, setParams] = useSearchParams();
  const id = useId();
  const current = tabs.find((tab) => tab.id === params.get("tab")) ?? tabs[0];
  const choose = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length] ?? tabs[0];
    setParams({ tab: tab.id }, { replace: true });
    document.getElementById(`${id}-${tab.id}`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(current);
    if (event.key === "ArrowRight") choose(index + 1);
    else if (event.key === "ArrowLeft") choose(index - 1);
    else return;
    event.preventDefault();
  };
  const Panel = current.Panel;
  return (
    <AccountFrame title={text.manageTitle} wide>
      <div
        role="tablist"
        aria-label={text.tabsLabel}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="-mx-3 flex gap-2 overflow-x-auto px-3 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
      >
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={`${id}-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={tab === current}
            aria-controls={`${id}-panel`}
            tabIndex={tab === current ? 0 : -1}
            onClick={() => setParams({ tab: tab.id }, { replace: true })}
            className={`min-h-11 shrink-0 rounded-full px-4 text-sm font-medium whitespace-nowrap ring-1 ${
              tab === current
                ? "bg-brand-700 text-white ring-brand-700"
                : "bg-white text-gray-800 ring-gray-300 hover:text-brand-700"
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${current.id}`} className="max-w-3xl">
        <Panel key={current.id} ports={ports} />
      </div>
    </AccountFrame>
  );
}
