import { formatDate, formatTime, type InboxEntry, messages } from "@katale/domain";
import { Bell } from "lucide-react";
import { Link } from "react-router";
import { useServices } from "../app/services-context.js";

/** One entry: its picture, title, body and time; unread ones stand out. Opening it calls `onOpen`. */
export function InboxEntryLink({
  entry,
  onOpen,
}: {
  entry: InboxEntry;
  onOpen: (entry: InboxEntry) => void;
}) {
  const { media } = useServices();
  const image = media(entry.imageUrl);
  const when = new Date(entry.createdAt);
  return (
    <Link
      to={entry.url}
      onClick={() => onOpen(entry)}
      className={`flex min-h-14 items-start gap-3 px-4 py-3 text-left hover:bg-brand-50 focus-visible:bg-brand-50 ${entry.read ? "" : "bg-brand-50/60"}`}
    >
      {image ? (
        <img src={image} alt="" width={40} height={40} className="size-10 shrink-0 rounded-lg object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-gray-100 text-gray-500"
        >
          <Bell size={20} />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className={`block text-sm ${entry.read ? "text-gray-800" : "font-semibold text-gray-900"}`}>
          {entry.title}
        </span>
        {entry.body !== "" && <span className="block truncate text-sm text-gray-600">{entry.body}</span>}
        <span className="block text-xs text-gray-500">
          {formatDate(when)} · {formatTime(when)}
        </span>
      </span>
      {!entry.read && (
        <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-brand-600">
          <span className="sr-only">{messages.inbox.unreadLabel}</span>
        </span>
      )}
    </Link>
  );
}
