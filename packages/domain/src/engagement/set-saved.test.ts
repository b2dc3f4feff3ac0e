import { beforeEach, describe, expect, it } from "vitest";
import { messages } from "../messages.js";
import type { Product } from "../products/product.js";
import { aProduct, aShop } from "../testing/builders.js";
import { withCallLog } from "../testing/call-log.js";
import { InMemoryEngagementGateway } from "../testing/in-memory-engagement-gateway.js";
import { InMemoryStorage } from "../testing/in-memory-storage.js";
import { failureOf, successOf } from "../testing/results.js";
import { isSaved, listSavedProducts, setSaved } from "./set-saved.js";

const READS = ["listSaved"];

describe("setSaved: the bookmark set to what the user asked", () => {
  let products: Product[];
  let gateway: InMemoryEngagementGateway;
  let calls: string[];
  let ports: { storage: InMemoryStorage; savedProducts: InMemoryEngagementGateway };

  const reads = () => calls.filter((c) => READS.includes(c)).length;
  const writes = () => calls.filter((c) => !READS.includes(c)).length;
  const savedIds = async () =>
    successOf(await listSavedProducts(ports)).items.map((entry) => entry.product.id);

  beforeEach(() => {
    const shop = aShop();
    products = [aProduct({ shopId: shop.id }), aProduct({ shopId: shop.id })];
    gateway = new InMemoryEngagementGateway(
      products,
      [shop],
      [{ id: 7, token: "amina-token", name: "Amina" }],
    );
    const storage = new InMemoryStorage();
    storage.set("token", "amina-token");
    storage.set("userdid", 7);
    const logged = withCallLog(gateway);
    calls = logged.calls;
    ports = { storage, savedProducts: logged.gateway };
  });

  it("saves with one request, and saving again keeps the product saved once and says so", async () => {
    const product = products[0]!;
    expect(successOf(await setSaved(ports, product.id, true))).toEqual({
      saved: true,
      already: false,
      message: messages.products.saved,
    });
    expect(calls).toEqual(["save"]);
    expect(successOf(await setSaved(ports, product.id, true))).toMatchObject({ saved: true, already: true });
    expect(calls).toEqual(["save", "save"]);
    expect(await savedIds()).toEqual([product.id]);
  });

  it("unsaves with one read and one delete, by the record the list names", async () => {
    const [a, b] = [products[0]!, products[1]!];
    successOf(await gateway.save("amina-token", a.id));
    successOf(await gateway.save("amina-token", b.id));
    expect(successOf(await setSaved(ports, a.id, false))).toEqual({
      saved: false,
      already: false,
      message: messages.products.unsaved,
    });
    expect([reads(), writes()]).toEqual([1, 1]);
    expect(await savedIds()).toEqual([b.id]);
  });

  it("unsaving a product not saved reads the list once and sends nothing else", async () => {
    const [a, b] = [products[0]!, products[1]!];
    successOf(await gateway.save("amina-token", b.id));
    const answer = successOf(await setSaved(ports, a.id, false));
    expect(answer).toMatchObject({ saved: false, already: true });
    expect(calls).toEqual(["listSaved"]);
    expect(await savedIds()).toEqual([b.id]);
  });

  it("a failed request is the error, and the wishlist stays as it was", async () => {
    gateway.failures.set("save", { kind: "network" });
    expect(failureOf(await setSaved(ports, products[0]!.id, true))).toEqual({ kind: "network" });
    gateway.failures.clear("save");
    successOf(await gateway.save("amina-token", products[1]!.id));
    gateway.failures.set("unsave", { kind: "server" });
    expect(failureOf(await setSaved(ports, products[1]!.id, false))).toEqual({ kind: "server" });
    expect(await savedIds()).toEqual([products[1]!.id]);
  });

  it("a visitor is asked to log in and nothing is sent", async () => {
    const visitor = { ...ports, storage: new InMemoryStorage() };
    for (const saved of [true, false]) {
      expect(failureOf(await setSaved(visitor, products[0]!.id, saved))).toEqual({
        kind: "not-logged-in",
        message: messages.common.loginFirst,
      });
    }
    expect(calls).toEqual([]);
  });

  it("the bookmark reads its state from the wishlist", async () => {
    successOf(await setSaved(ports, products[0]!.id, true));
    const list = successOf(await listSavedProducts(ports));
    expect(isSaved(list, products[0]!.id)).toBe(true);
    expect(isSaved(list, products[1]!.id)).toBe(false);
  });
});
