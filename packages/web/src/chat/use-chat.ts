import {
  type ChatConnection,
  type ChatMessage,
  type ChatRoom,
  chatMessageKey,
  chatText,
  errorMessage,
  listChats,
  loadChatRoom,
  markChatRead,
  mergeMessages,
  openChatWithShop,
  sendChatPhoto,
} from "@katale/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useServices } from "../app/services-context.js";
import { useLoginPrompt } from "../auth/login-prompt-context.js";
import { useSession } from "../auth/use-session.js";
import { needsLogin } from "../engagement/needs-login.js";
import { resizeImage } from "../selling/image-resize.js";
import { useNotice } from "../ui/notices.js";
import { withChat } from "./chat-popups.js";

export const CHATS_KEY = ["chats"] as const;

/** The chat list, read again on each visit and every 15 s while shown (new rooms, new previews). */
export function useChatList() {
  const { chat, local } = useServices();
  return useQuery({
    queryKey: CHATS_KEY,
    staleTime: 0,
    refetchInterval: 15_000,
    queryFn: () => listChats({ chat, storage: local }),
  });
}

/** The room page's address; `product` puts that product's card on the first message. */
export function chatRoomPath(slug: string, productSlug?: string): string {
  const query = new URLSearchParams({ room: slug });
  if (productSlug !== undefined) query.set("product", productSlug);
  return `/account/chat-room?${query}`;
}

/**
 * 'Chat' and 'Message Seller': opens (or creates) the room with the shop and shows it as the
 * full-screen overlay over the current page (`?chat-room=SLUG`, with `&chat-product=SLUG` for the
 * product's card): Back or closing it leaves the shopper where they were. Visitors get the
 * login-needed popup; other refusals are said.
 */
export function useOpenChat(shopId: number, productSlug?: string) {
  const { chat, local } = useServices();
  const { loggedIn } = useSession();
  const promptLogin = useLoginPrompt();
  const notify = useNotice();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const mutation = useMutation({
    mutationFn: () => openChatWithShop({ chat, storage: local }, shopId),
    onSuccess: (answer) => {
      if (answer.ok) navigate(withChat(pathname, search, { room: answer.value, product: productSlug }));
      else if (needsLogin(answer.error)) promptLogin();
      else notify(errorMessage(answer.error), "error");
    },
    onError: () => notify(errorMessage({ kind: "network" }), "error"),
  });
  const open = () => {
    if (!loggedIn) promptLogin();
    else if (!mutation.isPending) mutation.mutate();
  };
  return { open, pending: mutation.isPending };
}

/** How many messages the server gives per page of a room's history. */
const CHAT_PAGE_SIZE = 50;

export type ConnectionState = "connecting" | "open" | "closed";

/** A message as the room shows it: `live` when it arrived while the room was open ('now'). */
export interface ShownMessage extends ChatMessage {
  readonly live: boolean;
}

/** Waits before the n-th reconnection: 1 s, 2 s, 4 s ... at most 30 s. */
export const reconnectDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);

/**
 * A room: its history, then its live connection. The connection reopens by itself with backoff
 * after a drop (not after a refusal, 4401/4403) and fetches what it missed, merged without
 * duplicates. Leaving closes it. Each message that arrives marks the room read.
 */
export function useChatRoom(slug: string) {
  const { chat, chatSockets, local } = useServices();
  const queryClient = useQueryClient();
  const ports = useRef({ chat, storage: local });
  ports.current = { chat, storage: local };
  const history = useQuery({
    queryKey: ["chat-room", slug],
    // Coming back to a room shows the cached history at once and asks for what was said since.
    staleTime: 0,
    refetchOnWindowFocus: false,
    queryFn: () => loadChatRoom(ports.current, slug),
  });
  const [state, setState] = useState<ConnectionState>("connecting");
  const [shown, setShown] = useState<ShownMessage[]>([]);
  /** Why the server refused the last frame (too fast, unknown product ...), until the next message. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const liveKeys = useRef(new Set<string>());
  const connection = useRef<ChatConnection | null>(null);
  const room: ChatRoom | undefined = history.data?.ok ? history.data.value : undefined;
  const loaded = room !== undefined;

  const [older, setOlder] = useState<"more" | "loading" | "none">("none");

  // The history, merged with whatever arrived live meanwhile.
  useEffect(() => {
    if (room === undefined) return;
    setShown((now) => label(mergeMessages(now, room.messages), liveKeys.current));
    setOlder(room.messages.length >= CHAT_PAGE_SIZE ? "more" : "none");
  }, [room]);

  /** The page of messages before the oldest shown. */
  const loadOlder = useCallback(() => {
    const oldest = shown[0];
    if (oldest === undefined || older !== "more") return;
    setOlder("loading");
    void loadChatRoom(ports.current, slug, oldest.createdAt).then((answer) => {
      if (!answer.ok) return setOlder("more");
      setShown((now) => label(mergeMessages(now, answer.value.messages), liveKeys.current));
      setOlder(answer.value.messages.length >= CHAT_PAGE_SIZE ? "more" : "none");
    });
  }, [shown, older, slug]);

  useEffect(() => {
    if (!loaded) return;
    const token = local.get("token");
    if (token === null) return;
    let stopped = false;
    let attempt = 0;
    /** A message arrived since the connection's last read went out. */
    let readOwed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      setState("connecting");
      const current = chatSockets.connect(slug, token, {
        onOpen: () => {
          if (stopped) return;
          setState("open");
          current.markRead();
          readOwed = false;
          if (attempt > 0) {
            // Back after a drop: what was said meanwhile.
            void loadChatRoom(ports.current, slug).then((answer) => {
              if (!stopped && answer.ok)
                setShown((now) => label(mergeMessages(now, answer.value.messages), liveKeys.current));
            });
          }
          attempt = 0;
        },
        onMessage: (message) => {
          if (stopped) return;
          liveKeys.current.add(chatMessageKey(message));
          setShown((now) => label(mergeMessages(now, [message]), liveKeys.current));
          setRefusal(null);
          current.markRead();
          // The server spaces reads out; leaving right away says so over HTTP too (below).
          readOwed = true;
        },
        onRefused: (error) => {
          if (!stopped) setRefusal(error);
        },
        onClose: (code) => {
          if (stopped) return;
          setState("closed");
          if (code === 4401 || code === 4403) return;
          timer = setTimeout(connect, reconnectDelay(attempt));
          attempt += 1;
        },
      });
      connection.current = current;
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      connection.current?.close();
      connection.current = null;
      // Leaving: the list must not show what was just read as unread.
      if (readOwed)
        void markChatRead(ports.current, slug).then(() =>
          queryClient.invalidateQueries({ queryKey: CHATS_KEY }),
        );
    };
  }, [loaded, slug, chatSockets, local, queryClient]);

  /** Sends the text (trimmed; blank is not sent); false when it was not sent. */
  const send = useCallback(
    (text: string, productSlug?: string): boolean => {
      const checked = chatText(text);
      if (!checked.ok || state !== "open" || connection.current === null) return false;
      connection.current.send(checked.value, productSlug);
      return true;
    },
    [state],
  );

  /** A photo on its way (shrunk here, then checked and re-encoded by the server). */
  const [sendingPhoto, setSendingPhoto] = useState(false);
  /** Sends a picked picture; it arrives on the connection like a message (and is shown from the answer). */
  const sendPhoto = useCallback(
    async (file: File): Promise<void> => {
      setSendingPhoto(true);
      setRefusal(null);
      try {
        const answer = await sendChatPhoto(ports.current, slug, await resizeImage(file));
        if (!answer.ok) return setRefusal(errorMessage(answer.error));
        liveKeys.current.add(chatMessageKey(answer.value));
        setShown((now) => label(mergeMessages(now, [answer.value]), liveKeys.current));
      } catch {
        setRefusal(errorMessage({ kind: "network" }));
      } finally {
        setSendingPhoto(false);
      }
    },
    [slug],
  );

  return {
    history,
    room,
    messages: shown,
    state,
    send,
    refusal,
    older,
    loadOlder,
    sendPhoto,
    sendingPhoto,
  };
}

function label(list: ChatMessage[], live: Set<string>): ShownMessage[] {
  return list.map((m) => ({ ...m, live: live.has(chatMessageKey(m)) }));
}
