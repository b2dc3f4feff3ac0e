import type { ChatRoom, ChatRoomSummary } from "@katale/domain";

// The rooms a user has seen, kept on the phone so they read offline after a reload: each room's
// header and its latest messages, with when they were saved, and the chat list's last answer (every
// room it showed, with their unread counts). The chat answers are the user's own (`private,
// no-store`): the service worker never keeps them, so the chat keeps its own copy here (IndexedDB,
// idb-saved-rooms.ts, loaded with the first room or list opened). Bounded in rooms, messages, lists
// and bytes (SAVED_ROOMS, kept-rooms.ts: loaded with the store, not the first screen); dropped at
// logout. Tests pass a MemorySavedRooms (kept-rooms.ts).

/** A room as kept: whose it is (the signed-in user's id), and when it was saved (ms since the epoch). */
export interface SavedRoom {
  readonly slug: string;
  readonly viewerId: number;
  readonly savedAt: number;
  readonly room: ChatRoom;
}

/** The chat list's last answer as kept: whose it is, and when it was saved (ms since the epoch). */
export interface SavedList {
  readonly viewerId: number;
  readonly savedAt: number;
  readonly rooms: ChatRoomSummary[];
}

/** The chat list told by the kept list and rooms (offline), and when the latest of them was saved. */
export interface SavedChatList {
  readonly rooms: ChatRoomSummary[];
  readonly savedAt: number;
}

export interface SavedRooms {
  /** The kept copy of a room, if this user has one. */
  get(slug: string, viewerId: number): Promise<SavedRoom | undefined>;
  /** The chat list as this user's kept list and rooms tell it, saved when the latest was; none kept: undefined. */
  chatList(viewerId: number): Promise<SavedChatList | undefined>;
  /** Keeps (replaces) a room's copy, its latest messages only; the oldest copies go past the bounds. */
  put(saved: SavedRoom): Promise<void>;
  /** Keeps (replaces) this user's chat list, its first rooms only; the oldest lists go past the bounds. */
  putList(saved: SavedList): Promise<void>;
  /** Drops every kept room and list (logout). */
  forget(): Promise<void>;
}

let phoneRooms: Promise<SavedRooms> | undefined;
/** The phone's kept rooms (IndexedDB), loaded with the first room opened, never with the first screen. */
const keptRooms = (): Promise<SavedRooms> => {
  phoneRooms ??= import("./idb-saved-rooms.js")
    .then((m) => m.openPhoneSavedRooms())
    .catch((error: unknown) => {
      // Not loaded (offline before the module was kept): tried again at the next room.
      phoneRooms = undefined;
      throw error;
    });
  return phoneRooms;
};

/** The phone's kept rooms, loaded on first use (logout forgets them: it loads them then). */
export const phoneSavedRooms: SavedRooms = {
  get: async (slug, viewerId) => (await keptRooms()).get(slug, viewerId),
  chatList: async (viewerId) => (await keptRooms()).chatList(viewerId),
  put: async (saved) => (await keptRooms()).put(saved),
  putList: async (saved) => (await keptRooms()).putList(saved),
  forget: async () => (await keptRooms()).forget(),
};
