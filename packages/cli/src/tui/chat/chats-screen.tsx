import { chatPartner } from "@katale/domain";
import { chatCliMessages } from "../../chat/chat-cli-messages.js";
import { chatPreview, chatWhen } from "../../chat/chat-render.js";
import { SignedInList } from "../engagement/signed-in-list.js";
import { useTui } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { useChats } from "./use-chats.js";

/** Chats: each room with its partner, unread count, when and the last message; Enter opens it. */
export function ChatsScreen() {
  const tui = useTui();
  const userId = tui.session?.userId ?? 0;
  return (
    <SignedInList
      list={useChats()}
      what="your chats"
      rows={(rooms) =>
        rooms.map((room) => {
          const viewer = { userId, now: new Date() };
          const partner = chatPartner(room, userId).name;
          const when = room.lastMessage ? chatWhen(room.lastMessage.createdAt, viewer) : "";
          const unread = room.unreadCount > 0 ? ` (${chatCliMessages.unread(room.unreadCount)})` : "";
          return {
            key: room.slug,
            text: `${partner}${unread} · ${when} · ${chatPreview(room.lastMessage, userId)}`,
            onOpen: () => tui.open({ screen: "chat-room", slug: room.slug, title: partner }),
          };
        })
      }
      empty={tuiMessages.noChats}
    />
  );
}
