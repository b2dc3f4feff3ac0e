import type { ChatRoom, ChatRoomSummary } from "@katale/domain";
import type { SavedChatList, SavedList, SavedRoom, SavedRooms } from "./saved-rooms.js";

// The bounds of the kept rooms, and the rooms kept in memory (tests; where IndexedDB cannot be
// opened). Loaded with the kept rooms' store, not with the first screen.

/**
 * At most this many rooms, their latest this many messages, this many bytes (JSON) in all; at most
 * this many chat lists (one per user), each of its first this many rooms, in this many bytes in all.
 */
export const SAVED_ROOMS = {
  rooms: 20,
  messages: 50,
  bytes: 1024 * 1024,
  lists: 5,
  listRooms: 100,
  listBytes: 256 * 1024,
} as const;

/** A room cut to what is kept: its latest messages, as plain messages (not the room's live marks). */
export function roomToKeep(room: ChatRoom): ChatRoom {
  const messages = room.messages.slice(-SAVED_ROOMS.messages).map((m) => {
    const { live: _live, ...message } = m as typeof m & { live?: boolean };
    return message;
  });
  return { ...room, messages };
}

/** A chat list cut to what is kept: its first rooms (newest first, as the service ordered them). */
export function listToKeep(list: SavedList): SavedList {
  return { ...list, rooms: list.rooms.slice(0, SAVED_ROOMS.listRooms) };
}

/**
 * The copies that fit the bounds (the rooms' unless `limits` says otherwise), latest saved first
 * (the others are to be dropped).
 */
export function withinBounds<T extends { readonly savedAt: number }>(
  copies: readonly T[],
  limits: { readonly count: number; readonly bytes: number } = {
    count: SAVED_ROOMS.rooms,
    bytes: SAVED_ROOMS.bytes,
  },
): { keep: T[]; drop: T[] } {
  const sorted = [...copies].sort((a, b) => b.savedAt - a.savedAt);
  const keep: T[] = [];
  const drop: T[] = [];
  let bytes = 0;
  for (const saved of sorted) {
    const size = JSON.stringify(saved).length;
    if (keep.length < limits.count && bytes + size <= limits.bytes) {
      keep.push(saved);
      bytes += size;
    } else drop.push(saved);
  }
  return { keep, drop };
}

/** The IndexedDB database of the kept rooms. */
export const SAVED_ROOMS_DATABASE = "katale-chat-rooms";

/** The bounds of the kept chat lists. */
export const LIST_BOUNDS = { count: SAVED_ROOMS.lists, bytes: SAVED_ROOMS.listBytes } as const;

/**
 * The chat list as the kept list and rooms tell it (offline): every room the list showed last time
 * online, with its unread count, and the rooms opened since (their copy is newer: read there,
 * nothing unread); latest message first, rooms without messages last.
 */
export function savedChatList(rooms: readonly SavedRoom[], list?: SavedList): SavedChatList | undefined {
  if (rooms.length === 0 && list === undefined) return undefined;
  const bySlug = new Map<string, ChatRoomSummary>(list?.rooms.map((summary) => [summary.slug, summary]));
  for (const { room, savedAt } of rooms) {
    const listed = bySlug.get(room.slug);
    if (listed !== undefined && list !== undefined && savedAt <= list.savedAt) continue;
    bySlug.set(room.slug, {
      ...listed,
      slug: room.slug,
      customer: room.customer,
      shop: room.shop,
      lastMessage: room.messages.at(-1) ?? listed?.lastMessage ?? null,
      unreadCount: 0,
    });
  }
  const summaries = [...bySlug.values()];
  const time = (s: ChatRoomSummary) => (s.lastMessage === null ? "" : s.lastMessage.createdAt);
  summaries.sort((a, b) => time(b).localeCompare(time(a)));
  const times = [...rooms.map((saved) => saved.savedAt), ...(list === undefined ? [] : [list.savedAt])];
  return { rooms: summaries, savedAt: Math.max(...times) };
}

/** Kept rooms in memory (tests; where IndexedDB cannot be opened). */
export class MemorySavedRooms implements SavedRooms {
  private rooms = new Map<string, SavedRoom>();
  private lists = new Map<number, SavedList>();

  async get(slug: string, viewerId: number): Promise<SavedRoom | undefined> {
    const saved = this.rooms.get(slug);
    return saved?.viewerId === viewerId ? saved : undefined;
  }

  async chatList(viewerId: number): Promise<SavedChatList | undefined> {
    const rooms = [...this.rooms.values()].filter((saved) => saved.viewerId === viewerId);
    return savedChatList(rooms, this.lists.get(viewerId));
  }

  async put(saved: SavedRoom): Promise<void> {
    this.rooms.set(saved.slug, { ...saved, room: roomToKeep(saved.room) });
    for (const dropped of withinBounds([...this.rooms.values()]).drop) this.rooms.delete(dropped.slug);
  }

  async putList(saved: SavedList): Promise<void> {
    this.lists.set(saved.viewerId, listToKeep(saved));
    for (const dropped of withinBounds([...this.lists.values()], LIST_BOUNDS).drop)
      this.lists.delete(dropped.viewerId);
  }

  async forget(): Promise<void> {
    this.rooms.clear();
    this.lists.clear();
  }
}
