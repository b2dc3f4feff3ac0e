import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { readFirstLine, readHidden } from "./terminal-prompter.js";

/** A stand-in terminal: what is typed goes in, what is shown comes out. */
function terminal() {
  const input = Object.assign(new PassThrough(), {
    isTTY: true,
    isRaw: false,
    rawModes: [] as boolean[],
    setRawMode(mode: boolean) {
      this.rawModes.push(mode);
      this.isRaw = mode;
      return this;
    },
  });
  const output = new PassThrough();
  let shown = "";
  output.on("data", (chunk) => {
    shown += String(chunk);
  });
  return { input, output, shown: () => shown };
}

describe("reading a password at a terminal", () => {
  it("shows nothing of what is typed, handles backspace, and restores the terminal", async () => {
    const t = terminal();
    const read = readHidden(t.input, t.output, "Password: ");
    t.input.write("kampalx\u007fa");
    t.input.write("-2024\r");
    expect(await read).toBe("kampala-2024");
    expect(t.shown()).toBe("Password: \n");
    expect(t.input.rawModes).toEqual([true, false]);
  });

  it("is cancelled by Ctrl-C", async () => {
    const t = terminal();
    const read = readHidden(t.input, t.output, "Password: ");
    t.input.write("abc\u0003");
    expect(await read).toBeNull();
  });

  it("ignores arrow keys", async () => {
    const t = terminal();
    const read = readHidden(t.input, t.output, "Password: ");
    t.input.write("ab");
    t.input.write("\u001b[D");
    t.input.write("c\n");
    expect(await read).toBe("abc");
  });
});

describe("reading a password piped on stdin", () => {
  it("takes the first line, keeping its spaces", async () => {
    const input = new PassThrough();
    const read = readFirstLine(input);
    input.end(" pass word \r\nsecond line\n");
    expect(await read).toBe(" pass word ");
  });

  it("takes text without a line ending", async () => {
    const input = new PassThrough();
    const read = readFirstLine(input);
    input.end("kampala-2024");
    expect(await read).toBe("kampala-2024");
  });

  it("is null for an empty stdin", async () => {
    const input = new PassThrough();
    const read = readFirstLine(input);
    input.end();
    expect(await read).toBeNull();
  });
});
