import { describe, expect, it } from "vitest";
import { nextKey } from "./key-pacer.js";

// How one write is cut into the keys Ink is handed one at a time.

function keys(write: string, text = false): string[] {
  const found: string[] = [];
  for (let rest = write; rest !== ""; ) {
    const key = nextKey(rest, text);
    found.push(key);
    rest = rest.slice(key.length);
  }
  return found;
}

describe("the keys of one write", () => {
  it("cuts plain keys, control keys and escape sequences apart", () => {
    expect(keys("jjq")).toEqual(["j", "j", "q"]);
    expect(keys("\t\u001b[Z\r\u007f")).toEqual(["\t", "\u001b[Z", "\r", "\u007f"]);
    expect(keys("\u001b[B\u001b[B\u001bOA\u001b[5~")).toEqual([
      "\u001b[B",
      "\u001b[B",
      "\u001bOA",
      "\u001b[5~",
    ]);
    // Alt with a key, Alt with an arrow, Esc alone at the end, a character outside the BMP.
    expect(keys("\u001bx\u001b\u001b[A😀\u001b")).toEqual(["\u001bx", "\u001b\u001b[A", "😀", "\u001b"]);
  });

  it("keeps printable text in a row together for a text field, and cuts it at keys", () => {
    expect(keys("jq?k /n", true)).toEqual(["jq?k /n"]);
    expect(keys("pump\r\u001b[Bok", true)).toEqual(["pump", "\r", "\u001b[B", "ok"]);
  });

  it("leaves an escape sequence cut off by the end of a write whole, for the rest to join", () => {
    expect(keys("j\u001b[1;")).toEqual(["j", "\u001b[1;"]);
  });
});
