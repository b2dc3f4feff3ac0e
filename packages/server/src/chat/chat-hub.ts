import type { WebSocket } from "ws";

// The sockets of this instance, by room (issue 11). Delivery is bounded: a socket whose send buffer
// holds more than MAX_BUFFERED bytes reads too slowly and is dropped (it reconnects and fetches what
// it missed). A heartbeat pings every socket every PING_EVERY_MS and drops the ones that did not
// answer the previous ping. Per user: at most MAX_SOCKETS_PER_USER open sockets, this instance's
// and (given to canOpen) the other instances' together; `onSockets` hears each change of a user's
// count here and, with each heartbeat, every user's (chat-limits.ts keeps them where every instance
// reads them). The message limit counts across instances too (chat-limits.ts).

export const PING_EVERY_MS = 30_000;
export const MAX_BUFFERED = 1024 * 1024;
export const MAX_SOCKETS_PER_USER = 20;

export interface Member {
  socket: WebSocket;
  userId: number;
  roomId: number;
  alive: boolean;
}

export interface HubLimits {
  pingEveryMs?: number;
  maxBuffered?: number;
  maxSocketsPerUser?: number;
}

/** A user's open sockets on this instance changed (`count` 0: none left), or the heartbeat repeats them all. */
export interface SocketCounts {
  changed(userId: number, count: number): void;
  heartbeat(counts: ReadonlyMap<number, number>): void;
}

/** A user opened a room here (their first socket on it), closed it (their last), or still has these open. */
export interface RoomPresence {
  opened(roomId: number, userId: number): void;
  closed(roomId: number, userId: number): void;
  renew(open: readonly { roomId: number; userId: number }[]): void;
}

export class ChatHub {
  private readonly rooms = new Map<number, Set<Member>>();
  private readonly socketsOf = new Map<number, number>();
  private readonly heartbeat: NodeJS.Timeout;
  readonly limits: Required<HubLimits>;

  constructor(
    limits: HubLimits = {},
    private readonly onSockets?: SocketCounts,
    /** Who has which room open, for the other instances (PostgreSQL; chat/chat-presence.ts). */
    private readonly presence?: RoomPresence,
  ) {
    this.limits = {
      pingEveryMs: limits.pingEveryMs ?? PING_EVERY_MS,
      maxBuffered: limits.maxBuffered ?? MAX_BUFFERED,
      maxSocketsPerUser: limits.maxSocketsPerUser ?? MAX_SOCKETS_PER_USER,
    };
    this.heartbeat = setInterval(() => this.ping(), this.limits.pingEveryMs);
    this.heartbeat.unref();
  }

  /** May the user open one more socket here, holding `elsewhere` on the other instances? */
  canOpen(userId: number, elsewhere = 0): boolean {
    return (this.socketsOf.get(userId) ?? 0) + elsewhere < this.limits.maxSocketsPerUser;
  }

  hasRoom(roomId: number): boolean {
    return this.rooms.has(roomId);
  }

  /** Whether the user has a socket on the room here (the room is open: no notice of its messages). */
  isOpen(roomId: number, userId: number): boolean {
    for (const member of this.rooms.get(roomId) ?? []) if (member.userId === userId) return true;
    return false;
  }

  /** Every (room, user) with a socket here, for the presence leases' renewal. */
  openRooms(): { roomId: number; userId: number }[] {
    const pairs = new Map<string, { roomId: number; userId: number }>();
    for (const [roomId, room] of this.rooms)
      for (const member of room) pairs.set(`${roomId}:${member.userId}`, { roomId, userId: member.userId });
    return [...pairs.values()];
  }

  join(socket: WebSocket, userId: number, roomId: number): Member {
    const member: Member = { socket, userId, roomId, alive: true };
    let room = this.rooms.get(roomId);
    if (!room) {
      room = new Set();
      this.rooms.set(roomId, room);
    }
    room.add(member);
    this.presence?.opened(roomId, userId);
    const count = (this.socketsOf.get(userId) ?? 0) + 1;
    this.socketsOf.set(userId, count);
    this.onSockets?.changed(userId, count);
    socket.on("pong", () => {
      member.alive = true;
    });
    socket.on("close", () => this.leave(member));
    return member;
  }

  private leave(member: Member): void {
    const room = this.rooms.get(member.roomId);
    if (!room?.delete(member)) return;
    if (room.size === 0) this.rooms.delete(member.roomId);
    if (!this.isOpen(member.roomId, member.userId)) this.presence?.closed(member.roomId, member.userId);
    const left = (this.socketsOf.get(member.userId) ?? 1) - 1;
    if (left > 0) this.socketsOf.set(member.userId, left);
    else this.socketsOf.delete(member.userId);
    this.onSockets?.changed(member.userId, Math.max(left, 0));
  }

  /** Sends one frame to every socket of the room on this instance. */
  deliver(roomId: number, frame: string): void {
    const room = this.rooms.get(roomId);
    if (!room) return;
    for (const member of room) this.send(member, frame);
  }

  /** Sends to one socket; a reader past the buffer bound is dropped. */
  send(member: Member, frame: string): void {
    const socket = member.socket;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.limits.maxBuffered) {
      socket.terminate();
      return;
    }
    socket.send(frame);
  }

  /** Closes every socket (1001 at shutdown; 1012 when notifications may have been missed). */
  closeAll(code: number, reason: string): void {
    // Copied first: a closing socket leaves its room.
    const members = [...this.rooms.values()].flatMap((room) => [...room]);
    for (const member of members) member.socket.close(code, reason);
  }

  /** Closes the sockets of one room (it was removed). */
  closeRoom(roomId: number, code: number, reason: string): void {
    for (const member of [...(this.rooms.get(roomId) ?? [])]) member.socket.close(code, reason);
  }

  get size(): number {
    let n = 0;
    for (const room of this.rooms.values()) n += room.size;
    return n;
  }

  stop(): void {
    clearInterval(this.heartbeat);
  }

  private ping(): void {
    this.onSockets?.heartbeat(this.socketsOf);
    this.presence?.renew(this.openRooms());
    for (const room of [...this.rooms.values()]) {
      for (const member of [...room]) {
        if (!member.alive) {
          member.socket.terminate();
          continue;
        }
        member.alive = false;
        member.socket.ping();
      }
    }
  }
}
