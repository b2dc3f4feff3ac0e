import {
  type ChatRoomSummary,
  chatPartner,
  errorMessage,
  formatDayLabel,
  formatTime,
  messages,
} from "@katale/domain";
import { Link } from "react-router";
import { useSession } from "../auth/use-session.js";
import { EmptyState } from "../ui/empty-state.js";
import { ErrorState } from "../ui/error-state.js";
import { Spinner } from "../ui/spinner.js";
import { ChatAvatar } from "./chat-avatar.js";
import { chatRoomPath, useChatList, useChatNow } from "./use-chat.js";

/**
 * The chat list (spec §2): the other party's avatar and name (the customer's when the viewer owns
 * the shop, with the shop's name beside), the last message, its day and time, unread badges;
 * newest first as the server orders them, rooms without messages last. `roomPath`: where a room
 * opens (the room page, or the overlay over the current page from the Chats popup).
 */
export function ChatList({ roomPath = chatRoomPath }: { roomPath?: (slug: string) => string } = {}) {
  const query = useChatList();
  const { userId } = useSession();
  const today = useChatNow();
  const result = query.data;
  if (result === undefined) return <Spinner />;
  if (!result.ok) return <ErrorState message={errorMessage(result.error)} onRetry={() => query.refetch()} />;
  if (result.value.length === 0) return <EmptyState>{messages.chat.noChats}</EmptyState>;
  return (
    <ul className="divide-y divide-gray-100 overflow-hidden rounded-2xl border border-gray-200 bg-white">
      {result.value.map((room) => (
        <ChatListItem
          key={room.slug}
          room={room}
          viewerId={userId ?? 0}
          today={today}
          to={roomPath(room.slug)}
        />
      ))}
    </ul>
  );
}

function ChatListItem({
  room,
  viewerId,
  today,
  to,
}: {
  room: ChatRoomSummary;
  viewerId: number;
  today: Date;
  to: string;
}) {
  const partner = chatPartner(room, viewerId);
  const last = room.lastMessage;
  const when = last === null ? null : new Date(last.createdAt);
  const preview =
    last === null
      ? messages.chat.startChat
      : last.message || last.product?.productName || (last.image != null ? messages.chat.picture : "");
  return (
    <li>
      <Link to={to} className="flex min-h-16 items-center gap-3 px-4 py-3 hover:bg-gray-50">
        <ChatAvatar picture={partner.picture} />
        <div className="min-w-0 flex-1">
          <p className="flex items-baseline justify-between gap-2">
            <span className="truncate font-medium text-gray-900">
              {partner.name}
              {partner.isCustomer && (
                <span className="ml-2 text-sm font-normal text-gray-500">{room.shop.name}</span>
              )}
            </span>
            {when !== null && (
              <span className="shrink-0 text-xs text-gray-500">
                {formatDayLabel(when, today)} {formatTime(when)}
              </span>
            )}
          </p>
          <p className="flex items-center justify-between gap-2">
            <span
              className={`truncate text-sm ${room.unreadCount > 0 ? "font-semibold text-gray-900" : "text-gray-600"}`}
            >
              {preview}
            </span>
            {room.unreadCount > 0 && (
              <span className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-white">
                <span aria-hidden="true">{room.unreadCount}</span>
                <span className="sr-only">{messages.chat.unread(room.unreadCount)}</span>
              </span>
            )}
          </p>
        </div>
      </Link>
    </li>
  );
}
