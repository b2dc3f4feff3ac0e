import { messages, pageCount } from "@katale/domain";
import { AccountFrame } from "../account/account-frame.js";
import { EmptyState } from "../ui/empty-state.js";
import { ErrorState } from "../ui/error-state.js";
import { Pager } from "../ui/pager.js";
import { Spinner } from "../ui/spinner.js";
import { usePageParam } from "../ui/use-page-param.js";
import { InboxEntryLink } from "./inbox-entry.js";
import { useInboxPage, useMarkRead } from "./use-notifications.js";

/** Entries a page of the inbox holds (the service's page size). */
const PER_PAGE = 20;

/** /account/notifications: the inbox, 20 a page, newest first, with "mark all read". */
export default function NotificationsPage() {
  const [page, setPage] = usePageParam();
  const found = useInboxPage(page);
  const markRead = useMarkRead();
  const answer = found.data;
  const unread = answer?.ok ? answer.value.unread : 0;
  return (
    <AccountFrame title={messages.inbox.title}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-700" aria-live="polite">
          {answer?.ok && unread > 0 ? messages.inbox.unreadCount(unread) : ""}
        </p>
        <button
          type="button"
          className="btn-secondary"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate(undefined)}
        >
          {messages.inbox.markAllRead}
        </button>
      </div>
      {answer === undefined ? (
        <Spinner />
      ) : !answer.ok ? (
        answer.error.kind === "invalid-page" ? (
          <EmptyState>{messages.inbox.empty}</EmptyState>
        ) : (
          <ErrorState message={messages.inbox.loadFailed} onRetry={() => void found.refetch()} />
        )
      ) : answer.value.items.length === 0 ? (
        <EmptyState>
          {messages.inbox.empty}
          <span className="mt-1 block text-sm">{messages.inbox.emptyHint}</span>
        </EmptyState>
      ) : (
        <>
          <ul className="divide-y divide-gray-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-gray-200">
            {answer.value.items.map((entry) => (
              <li key={entry.id}>
                <InboxEntryLink
                  entry={entry}
                  onOpen={(opened) => {
                    if (!opened.read) markRead.mutate([opened.id]);
                  }}
                />
              </li>
            ))}
          </ul>
          <Pager page={page} pageCount={pageCount(answer.value.count, PER_PAGE)} onPage={setPage} />
        </>
      )}
    </AccountFrame>
  );
}
