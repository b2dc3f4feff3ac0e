// The load generator of `npm run bench:chat` (tests/bench/chat.ts), in a process of its own so the
// clients do not share the servers' event loop. It gets its share of the rooms (both sides of each,
// so a message's send and receive times come from one clock), opens them, and on "go" sends at its
// share of the rate for the given seconds, each message carrying its send time; it counts only the
// other side's copies (the sender hears its own too) and answers the latencies.
import { WebSocket } from "ws";

export interface LoadPlan {
  /** Both sides of each room: the socket URL and the subprotocols to offer. */
  pairs: { a: { url: string; protocols: string[] }; b: { url: string; protocols: string[] } }[];
  /** Messages per second this process sends, spread evenly over its sockets. */
  rate: number;
  seconds: number;
  /** Seconds sent first at the same rate and not measured (connections, JIT and caches warm up). */
  warmup: number;
}

export type ToLoad = { kind: "plan"; plan: LoadPlan } | { kind: "go" } | { kind: "stop" };
export type FromLoad =
  | { kind: "ready"; sockets: number }
  | { kind: "done"; sent: number; refused: number; closed: number; latencies: number[] }
  | { kind: "failed"; error: string };

const say = (message: FromLoad) => process.send?.(message);

function open(url: string, protocols: string[]): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, protocols, { perMessageDeflate: false });
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
    socket.once("unexpected-response", (_req, res) =>
      reject(new Error(`upgrade refused: ${res.statusCode}`)),
    );
  });
}

let sockets: { socket: WebSocket; tag: string }[] = [];
let plan: LoadPlan | undefined;
const latencies: number[] = [];
let refused = 0;
let closed = 0;
/** Latencies are recorded from then on (after the warm-up). */
let measuring = false;
let measuredFrom = Number.POSITIVE_INFINITY;

async function prepare(given: LoadPlan) {
  plan = given;
  // Each side counts only the other side's messages.
  const listen = (socket: WebSocket, otherTag: string) => {
    socket.on("message", (data) => {
      const text = data.toString();
      // Cheaper than JSON.parse per frame: the bench's text is `t:<index><tag>:<time>`.
      const at = text.indexOf('"message":"t:');
      if (at < 0) {
        if (text.includes('"error"')) refused++;
        return;
      }
      const start = at + 13;
      const end = text.indexOf('"', start);
      const [tag, sentAt] = text.slice(start, end).split(":");
      if (!tag?.endsWith(otherTag)) return;
      const latency = performance.now() - Number(sentAt);
      // Only what was sent after the warm-up counts.
      if (measuring && Number(sentAt) >= measuredFrom) latencies.push(latency);
    });
    socket.on("close", () => closed++);
  };
  // A few at a time: a thousand upgrades at once would measure the admission, not the chat.
  const pairs = given.pairs;
  for (let i = 0; i < pairs.length; i += 25) {
    const batch = await Promise.all(
      pairs.slice(i, i + 25).map(async ({ a, b }) => {
        const [sa, sb] = [await open(a.url, a.protocols), await open(b.url, b.protocols)];
        return [sa, sb] as const;
      }),
    );
    for (const [sa, sb] of batch) {
      listen(sa, "b");
      listen(sb, "a");
      sockets.push({ socket: sa, tag: "a" }, { socket: sb, tag: "b" });
    }
  }
  say({ kind: "ready", sockets: sockets.length });
}

/** Sends at `rate` for `seconds`, round the sockets; answers how many were sent. */
function pace(rate: number, seconds: number): Promise<number> {
  const perTickMs = 5;
  let offered = 0;
  let count = 0;
  const started = performance.now();
  return new Promise((done) => {
    const tick = () => {
      const elapsed = performance.now() - started;
      if (elapsed >= seconds * 1000) {
        done(count);
        return;
      }
      // What the clock says is due (a late tick catches up, so the offered rate holds).
      const due = Math.floor((elapsed / 1000) * rate);
      for (; offered < due; offered++) {
        const n = offered % sockets.length;
        const { socket, tag } = sockets[n]!;
        // A socket the server dropped sends nothing (its share is lost, and shows as fewer sent).
        if (socket.readyState !== socket.OPEN) continue;
        socket.send(`{"message":"t:${Math.floor(n / 2)}${tag}:${performance.now()}"}`);
        count++;
      }
      setTimeout(tick, perTickMs);
    };
    tick();
  });
}

async function go() {
  if (!plan) throw new Error("no plan");
  // The warm-up: the same rate, not measured.
  if (plan.warmup > 0) await pace(plan.rate, plan.warmup);
  refused = 0;
  closed = 0;
  measuring = true;
  measuredFrom = performance.now();
  const sent = await pace(plan.rate, plan.seconds);
  // What is still on its way arrives (or counts as not delivered).
  await new Promise((r) => setTimeout(r, 1500));
  say({ kind: "done", sent, refused, closed, latencies });
}

process.on("message", (message: ToLoad) => {
  const run = async () => {
    if (message.kind === "plan") await prepare(message.plan);
    else if (message.kind === "go") await go();
    else {
      for (const { socket } of sockets) socket.terminate();
      sockets = [];
      process.exit(0);
    }
  };
  run().catch((err: Error) => say({ kind: "failed", error: err.stack ?? err.message }));
});
