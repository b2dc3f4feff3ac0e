import type { ChatRoom, ChatRoomSummary } from "@katale/domain";
import { SAVED_ROOMS, type SavedChatList, type SavedRoom, type SavedRooms } from "./saved-rooms.js";

// The bounds of the kept rooms, and the rooms kept in memory (tests; where IndexedDB cannot be
// opened). Loaded with the kept rooms' store, not with the first screen.

/** A room cut to what is kept: its latest messages, as plain messages (not the room's live marks). */
export function roomToKeep(room: ChatRoom): ChatRoom {
  const messages = room.messages.slice(-SAVED_ROOMS.messages).map((m) => {
    const { live: _live, ...message } = m as typeof m & { live?: boolean };
    return message;
  });
  return { ...room, messages };
}

/** The copies that fit the bounds, latest saved first (the others are to be dropped). */
export function withinBounds(rooms: readonly SavedRoom[]): { keep: SavedRoom[]; drop: SavedRoom[] } {
  const sorted = [...rooms].sort((a, b) => b.savedAt - a.savedAt);
  const keep: SavedRoom[] = [];
  const drop: SavedRoom[] = [];
  let bytes = 0;
  for (const saved of sorted) {
    const size = JSON.stringify(saved).length;
    if (keep.length < SAVED_ROOMS.rooms && bytes + size <= SAVED_ROOMS.bytes) {
      keep.push(saved);
      bytes += size;
    } else drop.push(saved);
  }
  return { keep, drop };
}

/** The IndexedDB database of the kept rooms. */
export const SAVED_ROOMS_DATABASE = "katale-chat-rooms";

/** The chat list as the kept rooms tell it (offline): latest message first, nothing unread known. */
export function savedChatList(rooms: readonly SavedRoom[]): SavedChatList | undefined {
  if (rooms.length === 0) return undefined;
  const summaries = rooms.map(({ room }) => ({
    slug: room.slug,
    customer: room.customer,
    shop: room.shop,
    lastMessage: room.messages.at(-1) ?? null,
    unreadCount: 0,
  }));
  const time = (s: ChatRoomSummary) => (s.lastMessage === null ? "" : s.lastMessage.createdAt);
  summaries.sort((a, b) => time(b).localeCompare(time(a)));
  return { rooms: summaries, savedAt: Math.max(...rooms.map((saved) => saved.savedAt)) };
}

/** Kept rooms in memory (tests; where IndexedDB cannot be opened). */
export class MemorySavedRooms implements SavedRooms {
  private rooms = new Map<string, SavedRoom>();

  async get(slug: string, viewerId: number): Promise<SavedRoom | undefined> {
    const saved = this.rooms.get(slug);
    return saved?.viewerId === viewerId ? saved : undefined;
  }

  async chatList(viewerId: number): Promise<SavedChatList | undefined> {
    return savedChatList([...this.rooms.values()].filter((saved) => saved.viewerId === viewerId));
  }

  async put(saved: SavedRoom): Promise<void> {
    this.rooms.set(saved.slug, { ...saved, room: roomToKeep(saved.room) });
    for (const dropped of withinBounds([...this.rooms.values()]).drop) this.rooms.delete(dropped.slug);
  }

  async forget(): Promise<void> {
    this.rooms.clear();
  }
}
