import { messages } from "@katale/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "./error-reply.js";

// Work never outlives its request. Once a request's body has arrived, its work (pictures, the
// transaction) has one deadline: HTTP_IDLE_TIMEOUT_SECONDS less a margin (5 s, or a fifth of a
// shorter timeout), while the connection's own idle timer waits, so the client gets an answer
// rather than a closed connection.
// `workSignal(request)` aborts at that deadline or as soon as the client's connection closes before
// the answer was sent; the writes check it before they commit, so a client that was cut off or
// went away finds nothing created (and its files removed), and its retry creates the thing once.
// (Fastify's own `request.signal` also aborts when a body has merely been read, so it cannot say
// that a client went away.)

/** Why a request's work was stopped. */
export class WorkStopped extends Error {
  constructor(readonly reason: "deadline" | "client-gone") {
    super(reason === "deadline" ? "request work ran past its deadline" : "the client went away");
    this.name = "WorkStopped";
  }
}

interface Work {
  /** When the work's clock started (the body had arrived), in ms since 1970. */
  startedAt: number;
  /** This app's deadline (its idle timeout less a margin): apps in one process may differ. */
  deadlineMs: number;
  controller?: AbortController;
  timer?: NodeJS.Timeout;
}

const WORK = Symbol("requestWork");
type WithWork = FastifyRequest & { [WORK]?: Work };

/** The deadline of a request's work for an idle timeout: 5 s less, or a fifth less when shorter. */
export function workDeadlineMs(idleTimeoutMs: number): number {
  return Math.max(1, idleTimeoutMs - Math.min(5_000, Math.floor(idleTimeoutMs / 5)));
}

/** A request that reached a route without the hook (not installed): the default idle timeout. */
const DEFAULT_IDLE_TIMEOUT_MS = 60_000;

/** Starts every request's work clock when its body has arrived (call once, before the routes). */
export function installRequestWork(app: FastifyInstance, idleTimeoutMs: number): void {
  const deadlineMs = workDeadlineMs(idleTimeoutMs);
  app.addHook("preHandler", async (request) => {
    (request as WithWork)[WORK] ??= { startedAt: Date.now(), deadlineMs };
    // The client waits in silence while the server works: the idle timeout is for stalled clients,
    // so it is off until the answer goes (Node then arms the keep-alive timeout), and the deadline
    // above bounds the work instead.
    const socket = request.raw.socket;
    if (typeof socket?.setTimeout === "function") socket.setTimeout(0);
  });
  app.addHook("onResponse", async (request) => {
    const work = (request as WithWork)[WORK];
    if (work?.timer) clearTimeout(work.timer);
  });
}

const clientGone = (request: FastifyRequest, reply: FastifyReply) =>
  request.raw.socket?.destroyed === true && !reply.raw.writableFinished;

/**
 * Aborts (with a `WorkStopped` reason) when the request's work passes its deadline or its client
 * goes away before the answer was sent. Made on first use.
 */
export function workSignal(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const holder = request as WithWork;
  holder[WORK] ??= { startedAt: Date.now(), deadlineMs: workDeadlineMs(DEFAULT_IDLE_TIMEOUT_MS) };
  const work = holder[WORK];
  if (work.controller) return work.controller.signal;
  const controller = new AbortController();
  work.controller = controller;
  const stop = (reason: WorkStopped["reason"]) => {
    if (!controller.signal.aborted) controller.abort(new WorkStopped(reason));
    if (work.timer) clearTimeout(work.timer);
  };
  if (clientGone(request, reply)) stop("client-gone");
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) stop("client-gone");
  });
  const left = work.startedAt + work.deadlineMs - Date.now();
  if (left <= 0) stop("deadline");
  else if (!controller.signal.aborted) {
    work.timer = setTimeout(() => stop("deadline"), left);
    work.timer.unref();
  }
  return controller.signal;
}

/** Throws the signal's `WorkStopped` when the work must stop: call before a commit. */
export function stopIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted)
    throw signal.reason instanceof WorkStopped ? signal.reason : new WorkStopped("deadline");
}

export function isWorkStopped(error: unknown): error is WorkStopped {
  return error instanceof WorkStopped;
}

/**
 * The answer of stopped work: 503 `taking_too_long` with Retry-After (a client that went away gets
 * nothing, and the log says so at info: it is not a server fault).
 */
export function answerStopped(request: FastifyRequest, reply: FastifyReply, error: WorkStopped) {
  request.log.info({ reason: error.reason }, "request work stopped and rolled back");
  reply.header("retry-after", "5");
  return sendError(reply, 503, "taking_too_long", { detail: messages.api.takingTooLong });
}

/** For a `.catch`: answers stopped work (null: answered), rethrows anything else. */
export const stoppedOr = (request: FastifyRequest, reply: FastifyReply) => async (error: unknown) => {
  if (!isWorkStopped(error)) throw error;
  await answerStopped(request, reply, error);
  return null;
};
