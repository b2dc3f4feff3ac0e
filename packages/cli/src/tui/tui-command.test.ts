import { InMemoryCategoryGateway, InMemoryProductGateway, InMemoryShopGateway } from "@katale/domain/testing";
import { describe, expect, it } from "vitest";
import { runCli } from "../run-cli.js";

// `katale tui` is for a person at a terminal: piped, it says so (one line, exit 1) instead of drawing.

describe("katale tui without a terminal", () => {
  it("says it needs one and exits 1", async () => {
    let stderr = "";
    const code = await runCli(["tui"], {
      io: {
        out: () => undefined,
        err: (text) => {
          stderr += text;
        },
        width: 80,
      },
      env: {},
      connect: (urls) => ({
        urls,
        categories: new InMemoryCategoryGateway(),
        products: new InMemoryProductGateway(),
        shops: new InMemoryShopGateway(),
      }),
    });
    expect(code).toBe(1);
    expect(stderr).toBe(
      "katale tui needs a terminal: run it in one (not with input or output redirected).\n",
    );
  });
});
