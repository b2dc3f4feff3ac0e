import { messages } from "@katale/domain";
import { useId } from "react";
import { useLocation, useNavigate } from "react-router";
import { Dialog, ModalDialog } from "../ui/dialog.js";
import { ChatList } from "./chat-list.js";
import { CHAT_BUTTON_ATTRIBUTE, withChat } from "./chat-popups.js";
import { ChatRoom } from "./chat-room.js";

/**
 * The Chats popup (the chat list in the app's dialog), or with `room` that room as a full-screen
 * overlay on the page: the whole screen on phones, a full-height column over the dimmed page wider
 * up. Escape, the close button and the backdrop go back to the bare page; the room's back to the list.
 * `product`: the product whose card goes with the first message ('Message Seller').
 */
export default function ChatPopup({ room, product }: { room: string | null; product?: string | undefined }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const headingId = useId();
  const close = withChat(pathname, search, null);
  // From the room back to the list and out: focus ends on the chat icon that opened them.
  const chatIcon = () => document.querySelector<HTMLElement>(`[${CHAT_BUTTON_ATTRIBUTE}]`);
  if (room !== null) {
    return (
      <ModalDialog
        labelledBy={headingId}
        onClose={() => navigate(close)}
        returnFocusTo={chatIcon}
        className="m-0 h-full max-h-none w-full max-w-none overflow-hidden bg-transparent p-0 backdrop:bg-black/50"
      >
        <div className="mx-auto flex h-full max-w-3xl flex-col overflow-hidden bg-white md:my-4 md:h-[calc(100%-2rem)] md:rounded-2xl">
          <ChatRoom
            key={room}
            slug={room}
            productSlug={product}
            headingId={headingId}
            backTo={withChat(pathname, search, "list")}
            closeTo={close}
            className="h-full"
          />
        </div>
      </ModalDialog>
    );
  }
  return (
    <Dialog title={messages.chat.chats} onClose={() => navigate(close)} returnFocusTo={chatIcon}>
      <ChatList roomPath={(slug) => withChat(pathname, search, { room: slug })} />
    </Dialog>
  );
}
