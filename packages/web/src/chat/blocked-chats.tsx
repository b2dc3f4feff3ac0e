import { chatBlockingMessages, chatPartner, errorMessage, formatDate } from "@katale/domain";
import { useState } from "react";
import { useSession } from "../auth/use-session.js";
import { ErrorState } from "../ui/error-state.js";
import { Spinner } from "../ui/spinner.js";
import { ChatAvatar } from "./chat-avatar.js";
import { ConfirmBlock } from "./chat-room-menu.js";
import { useBlockedChats } from "./use-chat-blocking.js";

/** The settings' "Blocked chats": who, since when, and Unblock (after a confirmation). */
export function BlockedChats() {
  const list = useBlockedChats();
  const { userId } = useSession();
  const [unblocking, setUnblocking] = useState<{ slug: string; partner: string } | null>(null);
  const words = chatBlockingMessages;
  const answer = list.data;
  if (answer === undefined) return <Spinner className="min-h-16" />;
  if (!answer.ok) return <ErrorState message={errorMessage(answer.error)} onRetry={() => list.refetch()} />;
  if (answer.value.length === 0) return <p className="text-sm text-gray-600">{words.noBlockedChats}</p>;
  return (
    <>
      <ul aria-label={words.blockedChats} className="flex flex-col divide-y divide-gray-100">
        {answer.value.map((room) => {
          const partner = chatPartner(room, userId ?? 0);
          return (
            <li key={room.slug} className="flex items-center gap-3 py-2">
              <ChatAvatar picture={partner.picture} size={40} />
              <p className="min-w-0 flex-1">
                <span className="block truncate font-medium text-gray-900">{partner.name}</span>
                <span className="block text-xs text-gray-600">
                  {words.blockedOn(formatDate(new Date(room.blockedAt)))}
                </span>
              </p>
              <button
                type="button"
                className="btn-secondary shrink-0"
                aria-haspopup="dialog"
                aria-label={`${words.unblock} ${partner.name}`}
                onClick={() => setUnblocking({ slug: room.slug, partner: partner.name })}
              >
                {words.unblock}
              </button>
            </li>
          );
        })}
      </ul>
      {unblocking !== null && (
        <ConfirmBlock
          slug={unblocking.slug}
          partner={unblocking.partner}
          block={false}
          onClose={() => setUnblocking(null)}
        />
      )}
    </>
  );
}
