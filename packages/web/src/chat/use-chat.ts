import {
  CHAT_BLOCKED,
  type ChatRoom,
  type ChatRoomSummary,
  chatViewer,
  err,
  errorMessage,
  findProduct,
  type LiveMessage,
  LiveRoom,
  type LiveRoomConnection,
  type LiveRoomSnapshot,
  listChats,
  loadChatRoom,
  type Outbox,
  type PendingMessage,
  sendChatPhoto,
} from "@katale/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useServices } from "../app/services-context.js";
import { resizeForUpload, useUploadSession } from "../media/use-upload-session.js";
import { orSavedCopy, type SavedAnswer, useSavedCopyBanner } from "./saved-answer.js";
import { phoneSavedRooms } from "./saved-rooms.js";

export const CHATS_KEY = ["chats"] as const;

/** The chat list: `savedAt` when it is told by what the phone kept (offline), the latest saved then. */
type ChatListAnswer = SavedAnswer<ChatRoomSummary[]>;

/** The signed-in user's id (0 when none), whose kept rooms are read. */
function viewerOf(local: ReturnType<typeof useServices>["local"]): number {
  const viewer = chatViewer({ storage: local });
  return viewer.ok ? viewer.value : 0;
}

/**
 * The chat list, read again on each visit and every 15 s while shown (new rooms, new previews).
 * Each answer is kept on the phone: offline, the list it showed last (with its unread counts) and
 * the rooms opened since are the list.
 */
export function useChatList() {
  const { chat, local, clock, chatSavedRooms = phoneSavedRooms } = useServices();
  const queryClient = useQueryClient();
  const query = useQuery<ChatListAnswer>({
    queryKey: CHATS_KEY,
    staleTime: 0,
    refetchInterval: 15_000,
    queryFn: async (): Promise<ChatListAnswer> => {
      const answer = await listChats({ chat, storage: local });
      const viewerId = viewerOf(local);
      // Not after a logout (an answer that arrives as the session ends is nobody's to keep).
      if (answer.ok && local.get("token") !== null)
        void chatSavedRooms
          .putList({ viewerId, savedAt: clock.now().getTime(), rooms: answer.value })
          .catch(() => {});
      return orSavedCopy(answer, queryClient.getQueryData<ChatListAnswer>(CHATS_KEY), async () => {
        const kept = await chatSavedRooms.chatList(viewerId);
        return kept && { value: kept.rooms, savedAt: kept.savedAt };
      });
    },
  });
  useSavedCopyBanner(query.data?.savedAt);
  return query;
}

/** The room page's address; `product` puts that product's card on the first message. */
export function chatRoomPath(slug: string, productSlug?: string): string {
  const query = new URLSearchParams({ room: slug });
  if (productSlug !== undefined) query.set("product", productSlug);
  return `/account/chat-room?${query}`;
}

/** How many messages the server gives per page of a room's history. */
const CHAT_PAGE_SIZE = 50;

/** A room's history: `savedAt` when it is the copy kept on the phone (read offline), saved then. */
type RoomHistory = SavedAnswer<ChatRoom>;

/** The room's copy on the phone is written at most this often while messages come and go. */
const SAVE_ROOM_MS = 1000;

/** `offline`: the connection is down and being tried again: what is typed waits in the outbox. */
export type ConnectionState = "connecting" | "open" | "offline" | "closed";

/** A message as the room shows it: `live` when it arrived while the room was open ('now'). */
export type ShownMessage = LiveMessage;

/** What the composer shows: a loader until first open; offline (typing still works) while down; closed for good. */
function composerState(connection: LiveRoomConnection): ConnectionState {
  if (connection.state === "open" || connection.state === "connecting") return connection.state;
  return connection.state === "reconnecting" ? "offline" : "closed";
}

let phoneOutbox: Promise<Outbox> | undefined;
/** The phone's outbox (IndexedDB), loaded with the first room opened, never with the first screen. */
const keptOutbox = (): Promise<Outbox> => {
  phoneOutbox ??= import("./idb-outbox.js")
    .then((m) => m.openPhoneOutbox())
    .catch((error: unknown) => {
      // Not loaded (offline before the module was kept): tried again at the next room.
      phoneOutbox = undefined;
      throw error;
    });
  return phoneOutbox;
};
/** Messages typed while the connection is down survive a reload (the live room writes each change through). */
const outbox: Outbox = {
  list: async (slug) => (await keptOutbox()).list(slug),
  put: async (entry) => (await keptOutbox()).put(entry),
  remove: async (clientId) => (await keptOutbox()).remove(clientId),
};

const noPending: readonly PendingMessage[] = [];

const noRoom = (): LiveRoomSnapshot | null => null;
const noSubscription = () => () => {};

/**
 * A room: its history, then the live room of the domain (LiveRoom): it reconnects by itself with
 * backoff after a drop, fetches what it missed, merged without duplicates, and marks the room read.
 * Leaving closes it, and refreshes the chat list when it had to say the room was read.
 */
export function useChatRoom(slug: string) {
  const {
    chat,
    chatSockets,
    chatOutbox = outbox,
    chatSavedRooms = phoneSavedRooms,
    local,
    clock,
    timers,
  } = useServices();
  const queryClient = useQueryClient();
  const ports = useRef({ chat, storage: local });
  ports.current = { chat, storage: local };
  const history = useQuery<RoomHistory>({
    queryKey: ["chat-room", slug],
    // Coming back to a room shows the cached history at once and asks for what was said since.
    staleTime: 0,
    refetchOnWindowFocus: false,
    // The live room fetches what it missed when its socket is back: the whole room need not be.
    refetchOnReconnect: false,
    queryFn: async (): Promise<RoomHistory> => {
      const answer = await loadChatRoom(ports.current, slug);
      // On a bad network the room shown stays (with its outbox); offline from the start (a reload),
      // the copy the phone kept of the room, if it was seen.
      return orSavedCopy(answer, queryClient.getQueryData<RoomHistory>(["chat-room", slug]), async () => {
        const kept = await chatSavedRooms.get(slug, viewerOf(local));
        return kept && { value: kept.room, savedAt: kept.savedAt };
      });
    },
  });
  const room: ChatRoom | undefined = history.data?.ok ? history.data.value : undefined;
  const loaded = room !== undefined;
  /** When the shown room was saved, while it is the phone's copy (the banner says so). */
  const savedAt = history.data?.savedAt;
  useSavedCopyBanner(savedAt);
  const latestRoom = useRef(room);
  latestRoom.current = room;
  const [live, setLive] = useState<LiveRoom | null>(null);
  const snapshot = useSyncExternalStore(live?.subscribe ?? noSubscription, live?.getSnapshot ?? noRoom);
  /** Why the server refused the last frame or photo (too fast, unknown product ...), until the next message. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [older, setOlder] = useState<"more" | "loading" | "none">("none");

  useEffect(() => {
    if (!loaded) return;
    const token = local.get("token");
    if (token === null) return;
    const viewer = chatViewer({ storage: local });
    const joined = LiveRoom.join(
      {
        chat,
        sockets: chatSockets,
        clock: { now: () => clock.now(), after: (ms, fn) => timers.after(ms, fn) },
        outbox: chatOutbox,
      },
      { slug, token, viewerId: viewer.ok ? viewer.value : 0, messages: latestRoom.current?.messages ?? [] },
    );
    setLive(joined);
    // The phone's network is back: try at once rather than after the (growing) pause.
    const online = () => joined.reconnectNow();
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("online", online);
      setLive(null);
      // Leaving: the list must not show what was just read as unread.
      void joined.close().then((told) => {
        if (told) void queryClient.invalidateQueries({ queryKey: CHATS_KEY });
      });
    };
  }, [loaded, slug, chat, chatSockets, chatOutbox, local, clock, timers, queryClient]);

  // The history (again, on a visit back), merged with whatever arrived live meanwhile.
  useEffect(() => {
    if (room === undefined) return;
    live?.merge(room.messages);
    setOlder(room.messages.length >= CHAT_PAGE_SIZE ? "more" : "none");
  }, [room, live]);

  const latestRefusal = snapshot?.refusal;
  useEffect(() => setRefusal(latestRefusal?.error ?? null), [latestRefusal]);
  /** The service refused a message because the room is blocked (by the other side, if not by us). */
  const [refusedBlocked, setRefusedBlocked] = useState(false);
  useEffect(() => {
    if (latestRefusal?.code === CHAT_BLOCKED) setRefusedBlocked(true);
  }, [latestRefusal]);
  const roomBlockedBy = room?.blockedBy ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the room read again (after a block or an unblock) says anew
  useEffect(() => setRefusedBlocked(false), [room]);
  /** Who blocked the room: as the service said with the room, or "them" once it refused a message so. */
  const blockedBy: "you" | "them" | null = roomBlockedBy ?? (refusedBlocked ? "them" : null);

  const shown: readonly ShownMessage[] =
    snapshot?.messages ?? room?.messages.map((m) => ({ ...m, live: false })) ?? [];

  /** The page of messages before the oldest shown. */
  const loadOlder = useCallback(() => {
    const oldest = shown[0];
    if (oldest === undefined || older !== "more") return;
    setOlder("loading");
    void loadChatRoom(ports.current, slug, oldest.createdAt).then((answer) => {
      if (!answer.ok) return setOlder("more");
      live?.merge(answer.value.messages);
      setOlder(answer.value.messages.length >= CHAT_PAGE_SIZE ? "more" : "none");
    });
  }, [shown, older, slug, live]);

  const state = snapshot === null ? "connecting" : composerState(snapshot.connection);

  // What the room shows while its connection is open (or as the service answered it) is kept on
  // the phone, so the room reads offline after a reload; written a moment after it changes.
  const fresh = room !== undefined && (state === "open" || savedAt === undefined);
  const latestShown = useRef(shown);
  latestShown.current = shown;
  const newestShown = shown.at(-1)?.createdAt;
  // biome-ignore lint/correctness/useExhaustiveDependencies: written again when the newest message changes
  useEffect(() => {
    if (!fresh || room === undefined || local.get("token") === null) return;
    const viewerId = viewerOf(local);
    return timers.after(SAVE_ROOM_MS, () => {
      const messages = latestShown.current.map(({ live: _live, ...m }) => m);
      void chatSavedRooms
        .put({ slug, viewerId, savedAt: clock.now().getTime(), room: { ...room, messages } })
        .catch(() => {});
    });
  }, [fresh, room, newestShown, slug, local, clock, timers, chatSavedRooms]);

  /** Sends the text (trimmed; blank is not sent), now or, offline, once back; false when it was not taken. */
  const send = useCallback(
    (text: string, productSlug?: string): boolean =>
      live !== null && (state === "open" || state === "offline") && live.send(text, productSlug).ok,
    [live, state],
  );
  /** The outbox: waiting to send, or failed (retry, delete). */
  const pending = snapshot?.pending ?? noPending;
  const retry = useCallback((clientId: string) => live?.retry(clientId) ?? false, [live]);
  const discard = useCallback((clientId: string) => live?.discard(clientId), [live]);

  /** A photo on its way (shrunk here, then checked and re-encoded by the server): its stage and Cancel. */
  const [sendingPhoto, setSendingPhoto] = useState(false);
  const photoUpload = useUploadSession();
  const runUpload = photoUpload.run;
  /**
   * Sends a picked picture; it arrives on the connection like a message (and is shown from the
   * answer). One Idempotency-Key per picture, reused by its retries: a lost answer sends no twin.
   */
  const sendPhoto = useCallback(
    async (file: File): Promise<void> => {
      setSendingPhoto(true);
      setRefusal(null);
      try {
        const answer = await runUpload(async (onStage, cancelled) => {
          try {
            return await sendChatPhoto(ports.current, slug, await resizeForUpload(file, onStage, cancelled));
          } catch {
            return err({ kind: "network" as const });
          }
        });
        if (!answer.ok) {
          // A photo into a blocked room is refused (403): the room says so, as for a text.
          if (answer.error.kind === "forbidden") setRefusedBlocked(true);
          return setRefusal(errorMessage(answer.error));
        }
        live?.merge([answer.value], { live: true });
      } finally {
        setSendingPhoto(false);
      }
    },
    [slug, live, runUpload],
  );

  return {
    history,
    room,
    messages: shown,
    state,
    send,
    pending,
    retry,
    discard,
    refusal,
    older,
    loadOlder,
    sendPhoto,
    sendingPhoto,
    photoStage: photoUpload.stage,
    cancelPhoto: photoUpload.cancel,
    blockedBy,
    savedAt,
  };
}

/** Now, as the app's clock tells it (the rooms' and the list's 'Today'). */
export function useChatNow(): Date {
  return useServices().clock.now();
}

/** The product a first message carries, by slug: the product page's own query, so it is there at once from it. */
export function useAttachedProduct(slug: string) {
  const { products } = useServices();
  const query = useQuery({
    queryKey: ["product", { slug }],
    queryFn: () => findProduct({ products }, { slug }),
  });
  return query.data?.ok ? query.data.value : undefined;
}
