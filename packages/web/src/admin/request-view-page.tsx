import { messages, pageCount, type VerificationReviewQuery, webAdminMessages } from "@katale/domain";
import { type AdminPorts, listVerificationRequests } from "@katale/domain/admin";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ChevronRight, Search } from "lucide-react";
import { useDeferredValue, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { AccountFrame } from "../account/account-frame.js";
import { EmptyState } from "../ui/empty-state.js";
import { ErrorState } from "../ui/error-state.js";
import { Pager } from "../ui/pager.js";
import { Spinner } from "../ui/spinner.js";
import { AdminGate } from "./admin-gate.js";
import { KindBadge, StatusBadge } from "./status-badge.js";

const text = webAdminMessages;
/** The review answers 20 requests a page. */
const PAGE_SIZE = 20;

type Status = NonNullable<VerificationReviewQuery["status"]>;
const chips: readonly { status: Status; label: string }[] = [
  { status: "all", label: text.chipAll },
  { status: "rejected", label: text.chipRejected },
  { status: "verified", label: text.chipApproved },
  { status: "pending", label: text.chipPending },
];

/** /account/request-view: the users' and shops' verification requests, for admins only. */
export default function RequestViewPage() {
  return <AdminGate>{(ports) => <Requests ports={ports} />}</AdminGate>;
}

function Requests({ ports }: { ports: AdminPorts }) {
  const [params, setParams] = useSearchParams();
  const status = chips.find((chip) => chip.status === params.get("status"))?.status ?? "all";
  const rawPage = Number(params.get("page") ?? "1");
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
  const [search, setSearch] = useState(params.get("search") ?? "");
  const searched = useDeferredValue(search.trim());
  const searchId = useId();

  const go = (next: { status?: Status; page?: number; search?: string }) => {
    const values: Record<string, string> = {};
    const s = next.status ?? status;
    const q = next.search ?? searched;
    const p = next.page ?? 1;
    if (s !== "all") values.status = s;
    if (q !== "") values.search = q;
    if (p > 1) values.page = String(p);
    setParams(values, { replace: true });
  };

  const requests = useQuery({
    queryKey: ["admin", "verification-requests", status, searched, page],
    queryFn: () => listVerificationRequests(ports, { kind: "all", status, search: searched, page }),
    placeholderData: keepPreviousData,
  });

  return (
    <AccountFrame title={text.requestsTitle}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{text.chipsLabel}</legend>
          {chips.map((chip) => (
            <button
              key={chip.status}
              type="button"
              aria-pressed={chip.status === status}
              onClick={() => go({ status: chip.status })}
              className={`min-h-11 rounded-full px-3 text-sm font-medium ring-1 sm:px-4 ${
                chip.status === status
                  ? "bg-brand-700 text-white ring-brand-700"
                  : "bg-white text-gray-800 ring-gray-300 hover:text-brand-700"
              }`}
            >
              {chip.label}
            </button>
          ))}
        </fieldset>
        <div className="relative w-full sm:max-w-xs">
          <label htmlFor={searchId} className="sr-only">
            {text.search}
          </label>
          <Search
            aria-hidden="true"
            size={18}
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-gray-500"
          />
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              if (page > 1) go({ search: event.target.value.trim(), page: 1 });
            }}
            placeholder={text.searchPlaceholder}
            className="h-11 w-full rounded-full border border-gray-300 bg-white pr-4 pl-10 text-base"
          />
        </div>
      </div>
      <section aria-labelledby={`${searchId}-title`} className="flex flex-col gap-2">
        <h2 id={`${searchId}-title`} className="text-lg font-semibold text-gray-900">
          {text.allUsers}
        </h2>
        {requests.isPending ? (
          <Spinner />
        ) : !requests.data?.ok ? (
          <ErrorState
            message={requests.data?.error.message ?? messages.common.checkConnection}
            onRetry={requests.refetch}
          />
        ) : requests.data.value.items.length === 0 ? (
          <EmptyState>{text.noRequests}</EmptyState>
        ) : (
          <>
            <ul
              aria-busy={requests.isFetching}
              className="divide-y divide-gray-100 rounded-2xl bg-white shadow-sm ring-1 ring-gray-200"
            >
              {requests.data.value.items.map((request) => (
                <li key={request.id}>
                  <Link
                    to={`/account/request-details/${request.id}`}
                    className="flex min-h-16 items-center gap-3 px-3 py-2 hover:bg-brand-50 sm:px-4"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium text-gray-900">
                        {request.shop ? request.shop.name : request.user.name}
                      </span>
                      <span className="block truncate text-sm text-gray-600">
                        {request.shop ? `${request.user.name} · ` : ""}
                        {request.email ?? request.user.email}
                      </span>
                    </span>
                    <span className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center">
                      <KindBadge kind={request.kind} />
                      <StatusBadge status={request.status} />
                    </span>
                    <ChevronRight aria-hidden="true" size={18} className="shrink-0 text-gray-400" />
                  </Link>
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              pageCount={pageCount(requests.data.value.count, PAGE_SIZE)}
              onPage={(next) => go({ page: next })}
              disabled={requests.isFetching}
            />
          </>
        )}
      </section>
    </AccountFrame>
  );
}
