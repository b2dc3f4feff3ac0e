import { EventEmitter } from "node:events";
import { SUBMIT_DELAY_MS } from "./components/field.js";

// Keys that arrive in one write (a held key, a paste, tmux send-keys, a slow SSH link) reach Ink as
// one input: "jjq" is no key any screen knows, and Ink hands each input to the handlers of the last
// render, so a key after one that opens a screen would reach the screen before. Ink is given the
// keys one at a time, each once the app has drawn the one before and run its effects (where Ink
// registers key handlers), as if typed. While a text field has the keys, a run of printable
// characters stays one input: a paste goes into the field as text, at once.

/** What the keys are read from: the terminal (process.stdin), or a test's stand-in. */
export interface KeySource {
  readonly isTTY?: boolean;
  read(): string | Buffer | null;
  on(event: "readable", listener: () => void): unknown;
  off(event: "readable", listener: () => void): unknown;
  setEncoding?(encoding: BufferEncoding): unknown;
  setRawMode?(mode: boolean): unknown;
  ref?(): unknown;
  unref?(): unknown;
}

const ESC = "\u001b";
/**
 * Rounds of the event loop after a key. React runs a render's effects from an immediate, and an
 * effect that sets state renders again and runs its own effects from another: a key's handler is
 * in place after a few such steps. Rounds with nothing to do cost next to nothing.
 */
const SETTLE_ROUNDS = 10;

/** The stdin Ink reads: the source's keys handed over one at a time. */
export class KeyPacer extends EventEmitter {
  private queue = "";
  private handed: string | null = null;
  private pacing = false;
  private attached = false;
  private textWhile: () => boolean = () => false;

  constructor(private readonly source: KeySource) {
    super();
  }

  get isTTY(): boolean {
    return this.source.isTTY === true;
  }

  /** While `typing()` answers true, printable characters in a row are one input (the shell's text fields). */
  holdTextWhile(typing: () => boolean): void {
    this.textWhile = typing;
  }

  setEncoding(encoding: BufferEncoding): this {
    this.source.setEncoding?.(encoding);
    return this;
  }

  setRawMode(mode: boolean): this {
    this.source.setRawMode?.(mode);
    if (mode && !this.attached) this.source.on("readable", this.onReadable);
    if (!mode && this.attached) this.source.off("readable", this.onReadable);
    this.attached = mode;
    return this;
  }

  ref(): this {
    this.source.ref?.();
    return this;
  }

  unref(): this {
    this.source.unref?.();
    return this;
  }

  /** Ink reads the key handed over, then null until the next. */
  read(): string | null {
    const key = this.handed;
    this.handed = null;
    return key;
  }

  private readonly onReadable = () => {
    for (let chunk = this.source.read(); chunk !== null; chunk = this.source.read())
      this.queue += String(chunk);
    this.handOver();
  };

  private handOver(): void {
    if (this.pacing || this.queue === "") return;
    const key = nextKey(this.queue, this.textWhile());
    this.queue = this.queue.slice(key.length);
    this.handed = key;
    this.pacing = true;
    this.emit("readable");
    // Enter in a field sends its value a moment later: keys after it go to what comes next.
    afterRender(key === "\r" ? SUBMIT_DELAY_MS * 2 : 0, () => {
      this.pacing = false;
      this.handOver();
    });
  }
}

function afterRender(ms: number, then: () => void): void {
  const rounds = (left: number): unknown => (left === 0 ? then() : setImmediate(() => rounds(left - 1)));
  if (ms > 0) setTimeout(() => rounds(SETTLE_ROUNDS), ms);
  else rounds(SETTLE_ROUNDS);
}

const isControl = (code: number) => code < 0x20 || code === 0x7f;

/**
 * The first key of `text`: an escape sequence (an arrow, a function key, Alt with a key), a control
 * character, or one character; with `text` true, a run of printable characters.
 */
export function nextKey(queue: string, text: boolean): string {
  if (queue.startsWith(ESC)) return escapeSequence(queue);
  const first = queue.codePointAt(0) ?? 0;
  if (isControl(first)) return queue.slice(0, 1);
  if (!text) return String.fromCodePoint(first);
  let end = 0;
  for (const char of queue) {
    const code = char.codePointAt(0) ?? 0;
    if (isControl(code)) break;
    end += char.length;
  }
  return queue.slice(0, end);
}

/** ESC [ … final, ESC O x, ESC ESC and a sequence (Alt with an arrow), or ESC and one character. */
function escapeSequence(queue: string): string {
  const prefix = queue[1] === ESC ? 2 : 1;
  const kind = queue[prefix];
  if (kind === "[") {
    let index = prefix + 1;
    // Legacy function keys: ESC [ [ A.
    if (queue[index] === "[") index += 1;
    for (; index < queue.length; index++) {
      const code = queue.charCodeAt(index);
      if (code >= 0x40 && code <= 0x7e) return queue.slice(0, index + 1);
      if (code < 0x20 || code > 0x3f) break;
    }
    // Unfinished (the rest is on its way) or malformed: Ink's own reading decides.
    return queue.slice(0, index);
  }
  if (kind === "O") return queue.slice(0, prefix + 2);
  if (kind === undefined) return queue.slice(0, prefix);
  if (prefix === 2) return queue.slice(0, 2);
  return queue.slice(0, 1 + String.fromCodePoint(queue.codePointAt(1) ?? 0).length);
}
