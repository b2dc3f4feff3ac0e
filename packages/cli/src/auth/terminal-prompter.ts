import { createInterface } from "node:readline/promises";
import type { Prompter } from "./prompter.js";

type Input = NodeJS.ReadableStream & {
  isTTY?: boolean;
  isRaw?: boolean;
  setRawMode?(mode: boolean): unknown;
};
type Output = NodeJS.WritableStream;

const ENTER = new Set(["\r", "\n"]);
const CTRL_C = "\u0003";
const CTRL_D = "\u0004";
const BACKSPACE = new Set(["\u007f", "\b"]);
const ESCAPE = "\u001b";

/** The Prompter over a process's stdin and stderr. */
export function terminalPrompter(input: Input, output: Output): Prompter {
  return {
    interactive: input.isTTY === true,
    async askLine(question) {
      const rl = createInterface({ input, output, terminal: input.isTTY === true });
      try {
        return (await rl.question(question)).trim();
      } catch {
        return null;
      } finally {
        rl.close();
      }
    },
    askSecret: (question) => readHidden(input, output, question),
    readStdinLine: () => readFirstLine(input),
  };
}

/** Reads keys in raw mode without echoing them, until Enter. */
export function readHidden(input: Input, output: Output, question: string): Promise<string | null> {
  return new Promise((resolve) => {
    output.write(question);
    const wasRaw = input.isRaw === true;
    input.setRawMode?.(true);
    input.setEncoding("utf8");
    let value = "";
    const finish = (result: string | null) => {
      input.removeListener("data", onData);
      input.setRawMode?.(wasRaw);
      input.pause();
      output.write("\n");
      resolve(result);
    };
    const onData = (chunk: string | Buffer) => {
      const text = String(chunk);
      // Arrow and function keys arrive as escape sequences: not part of a password.
      if (text.startsWith(ESCAPE)) return;
      for (const key of text) {
        if (ENTER.has(key)) return finish(value);
        if (key === CTRL_C) return finish(null);
        if (key === CTRL_D) return finish(value === "" ? null : value);
        if (BACKSPACE.has(key)) value = [...value].slice(0, -1).join("");
        else if (key >= " ") value += key;
      }
    };
    input.on("data", onData);
    input.resume();
  });
}

/** The first line of a piped stdin (without its line ending); null when stdin is empty. */
export function readFirstLine(input: Input): Promise<string | null> {
  return new Promise((resolve) => {
    let text = "";
    const finish = (result: string | null) => {
      input.removeListener("data", onData);
      input.removeListener("end", onEnd);
      input.removeListener("error", onEnd);
      input.pause();
      resolve(result);
    };
    const onData = (chunk: string | Buffer) => {
      text += String(chunk);
      const newline = text.indexOf("\n");
      if (newline !== -1) finish(text.slice(0, newline).replace(/\r$/, ""));
    };
    const onEnd = () => finish(text === "" ? null : text.replace(/\r?\n?$/, ""));
    input.setEncoding("utf8");
    input.on("data", onData);
    input.once("end", onEnd);
    input.once("error", onEnd);
    input.resume();
  });
}
