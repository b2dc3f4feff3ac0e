import { firstScreenMessages as messages } from "@katale/domain";
import { MessageCircle } from "lucide-react";
import { type ReactNode, Suspense } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { useLoginPrompt } from "../auth/login-prompt-context.js";
import { useSession } from "../auth/use-session.js";
import { lazyStyled } from "../ui/all-styles.js";

// The chat over any page (spec §2 Chat): the header's chat icon (and the phone's bottom bar) opens
// the 'Chats' popup; tapping a room there opens the room as a full-screen overlay on the page. Both
// live in the address (`?chats=1`, `?chat-room=SLUG`), so the browser's Back goes from the room to
// the list and from the list to the page, and a reload keeps them open. A shop's 'Chat' and a
// product's 'Message Seller' open the room the same way over their page (`&chat-product=SLUG`: the
// product whose card goes with the first message).

/** Marks the chat icon (focus goes back to it when the popups close). */
export const CHAT_BUTTON_ATTRIBUTE = "data-chat-button";

/** `?chats=1`: the Chats popup. */
export const CHATS_PARAM = "chats";
/** `?chat-room=SLUG`: the room as a full-screen overlay. */
export const CHAT_ROOM_PARAM = "chat-room";
/** `?chat-product=SLUG` (with a room): 'Message Seller''s product, its card on the first message. */
export const CHAT_PRODUCT_PARAM = "chat-product";

/**
 * The address of the current page with the Chats popup (no room), the room `slug` (with the product
 * whose card goes with the first message) or neither.
 */
export function withChat(
  pathname: string,
  search: string,
  open: "list" | { room: string; product?: string | undefined } | null,
): string {
  const params = new URLSearchParams(search);
  params.delete(CHATS_PARAM);
  params.delete(CHAT_ROOM_PARAM);
  params.delete(CHAT_PRODUCT_PARAM);
  if (open === "list") params.set(CHATS_PARAM, "1");
  else if (open !== null) {
    params.set(CHAT_ROOM_PARAM, open.room);
    if (open.product !== undefined) params.set(CHAT_PRODUCT_PARAM, open.product);
  }
  const query = params.toString();
  return query === "" ? pathname : `${pathname}?${query}`;
}

const ChatPopup = lazyStyled(() => import("./chat-popup.js"));

/** The Chats popup or the room overlay when the address asks for one (signed-in users only), loaded then. */
export function ChatPopupHost() {
  const [params] = useSearchParams();
  const { loggedIn } = useSession();
  if (!loggedIn) return null;
  const room = params.get(CHAT_ROOM_PARAM);
  const open = room !== null && room !== "";
  if (!open && params.get(CHATS_PARAM) === null) return null;
  return (
    <Suspense fallback={null}>
      <ChatPopup
        room={open ? room : null}
        product={open ? (params.get(CHAT_PRODUCT_PARAM) ?? undefined) : undefined}
      />
    </Suspense>
  );
}

/**
 * The chat icon of the header and the bottom bar: opens the Chats popup over the page; a visitor
 * gets the login-needed popup (spec §4). Named 'Chats' after what it opens (and apart from a shop's
 * 'Chat' button).
 */
export function ChatButton({
  className,
  children,
}: {
  className: (open: boolean) => string;
  children?: ReactNode;
}) {
  const { loggedIn } = useSession();
  const promptLogin = useLoginPrompt();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const open =
    params.get(CHATS_PARAM) !== null ||
    params.get(CHAT_ROOM_PARAM) !== null ||
    pathname.startsWith("/account/chat");
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      {...{ [CHAT_BUTTON_ATTRIBUTE]: "" }}
      // With visible text (the bottom bar's), that text is the name: a different aria-label would
      // not match what a speech-input user says (axe label-content-name-mismatch).
      aria-label={children === undefined ? messages.chat.chats : undefined}
      title={messages.chat.chats}
      className={className(open)}
      onClick={() => (loggedIn ? navigate(withChat(pathname, search, "list")) : promptLogin())}
    >
      <MessageCircle aria-hidden="true" size={22} />
      {children}
    </button>
  );
}
