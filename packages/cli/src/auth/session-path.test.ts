import { describe, expect, it } from "vitest";
import { sessionFilePath } from "./session-path.js";

describe("session file path", () => {
  it("is ~/.config/katale/session.json by default", () => {
    expect(sessionFilePath({}, "/home/amina")).toBe("/home/amina/.config/katale/session.json");
  });

  it("follows XDG_CONFIG_HOME, ignoring a relative one", () => {
    expect(sessionFilePath({ XDG_CONFIG_HOME: "/xdg" }, "/home/amina")).toBe("/xdg/katale/session.json");
    expect(sessionFilePath({ XDG_CONFIG_HOME: "rel" }, "/home/amina")).toBe(
      "/home/amina/.config/katale/session.json",
    );
  });

  it("KATALE_CONFIG_DIR wins", () => {
    expect(sessionFilePath({ KATALE_CONFIG_DIR: "/tmp/k", XDG_CONFIG_HOME: "/xdg" }, "/h")).toBe(
      "/tmp/k/session.json",
    );
  });
});
