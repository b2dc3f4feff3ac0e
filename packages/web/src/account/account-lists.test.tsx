// @vitest-environment happy-dom
import { messages } from "@katale/domain";
import { aProduct, aShop, InMemoryEngagementGateway } from "@katale/domain/testing";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Services } from "../app/services.js";
import { engagementServices, findAlert, renderWithServices, signIn } from "../testing/test-services.js";
import AccountListPage from "./account-list-page.js";
import { AccountTabs } from "./account-tabs.js";

afterEach(cleanup);

const ann = { id: 1, token: "ann-token", name: "Ann" };
const shop = aShop({ id: 7, name: "Kikuubo Fabrics" });
const kitenge = aProduct({ id: 11, name: "Kitenge dress", shopId: 7, shopName: shop.name });
const radio = aProduct({ id: 12, name: "Solar radio" });
const soldOut = aProduct({ id: 13, name: "Sold out sandals", inStock: 0 });

/** Services over one engagement fake, signed in as Ann. */
function annServices(): { services: Services; engagement: InMemoryEngagementGateway } {
  const engagement = new InMemoryEngagementGateway([kitenge, radio, soldOut], [shop], [ann]);
  const services = engagementServices(engagement);
  signIn(services, ann);
  return { services, engagement };
}

function openPage(services: Services, at: string) {
  return renderWithServices(<AccountListPage />, services, { path: "/account/:list", at });
}

describe("/account/saved-products and /account/wishlist", () => {
  it("lists the saved products in stock, newest saved first", async () => {
    const { services, engagement } = annServices();
    await engagement.save(ann.token, radio.id);
    await engagement.save(ann.token, kitenge.id);
    openPage(services, "/account/saved-products");
    expect(await screen.findByRole("heading", { name: messages.account.savedItems })).toBeTruthy();
    const names = (await screen.findAllByRole("article")).map(
      (card) => within(card).getByRole("heading").textContent,
    );
    expect(names).toEqual(["Kitenge dress", "Solar radio"]);
  });

  it("shows the same list at /account/wishlist", async () => {
    const { services, engagement } = annServices();
    await engagement.save(ann.token, radio.id);
    openPage(services, "/account/wishlist");
    expect(await screen.findByText("Solar radio")).toBeTruthy();
  });

  it("says the wishlist is empty", async () => {
    openPage(annServices().services, "/account/saved-products");
    expect(await screen.findByText("No products in wish list or they are out of stock")).toBeTruthy();
  });

  it("tells a failure and loads again on Retry", async () => {
    const { services, engagement } = annServices();
    await engagement.save(ann.token, radio.id);
    engagement.failures.set("listSaved", { kind: "network" });
    openPage(services, "/account/saved-products");
    await findAlert(messages.common.checkConnection);
    engagement.failures.clear("listSaved");
    fireEvent.click(screen.getByRole("button", { name: messages.web.retry }));
    expect(await screen.findByText("Solar radio")).toBeTruthy();
  });
});

describe("/account/followed-shops", () => {
  it("lists the followed shops, each a link to its page", async () => {
    const { services, engagement } = annServices();
    await engagement.follow(ann.token, shop.id);
    openPage(services, "/account/followed-shops");
    const link = await screen.findByRole("link", { name: /Kikuubo Fabrics/ });
    expect(link.getAttribute("href")).toMatch(/^\/shops\/shop\//);
  });

  it("says no shop is followed", async () => {
    openPage(annServices().services, "/account/followed-shops");
    expect(await screen.findByText("You don't follow any shop")).toBeTruthy();
  });

  it("tells a failure", async () => {
    const { services, engagement } = annServices();
    engagement.failures.set("listFollowed", { kind: "server" });
    openPage(services, "/account/followed-shops");
    await findAlert(messages.otp.serverDown);
  });
});

describe("/account/reviews", () => {
  it("lists every own review, markup shown as text", async () => {
    const { services, engagement } = annServices();
    for (const text of ["One", "Two", "Three", "Four", "<img src=x onerror=alert(1)>"]) {
      await engagement.addReview(ann.token, radio.id, text);
    }
    const { container } = openPage(services, "/account/reviews");
    expect(await screen.findByText("<img src=x onerror=alert(1)>")).toBeTruthy();
    expect(screen.getByText("One")).toBeTruthy();
    expect(container.querySelector("img[src='x']")).toBeNull();
  });

  it("says there are no reviews", async () => {
    openPage(annServices().services, "/account/reviews");
    expect(await screen.findByText("No comments yet")).toBeTruthy();
  });

  it("tells a failure", async () => {
    const { services, engagement } = annServices();
    engagement.failures.set("listUserReviews", { kind: "network" });
    openPage(services, "/account/reviews");
    await findAlert(messages.common.checkConnection);
  });
});

describe("/account/shop-history", () => {
  it("lists the viewed products, most recent first, in stock or not", async () => {
    const { services, engagement } = annServices();
    await engagement.recordView(ann.token, kitenge.id);
    await engagement.recordView(ann.token, soldOut.id);
    openPage(services, "/account/shop-history");
    const names = (await screen.findAllByRole("article")).map(
      (card) => within(card).getByRole("heading").textContent,
    );
    expect(names).toEqual(["Sold out sandals", "Kitenge dress"]);
  });

  it("says there is no history", async () => {
    openPage(annServices().services, "/account/shop-history");
    expect(await screen.findByText("You don't have any browse history")).toBeTruthy();
  });

  it("tells a failure", async () => {
    const { services, engagement } = annServices();
    engagement.failures.set("listHistory", { kind: "network" });
    openPage(services, "/account/shop-history");
    await findAlert(messages.common.checkConnection);
  });
});

describe("The desktop tabs of /account", () => {
  it("shows each list's data, the first 4 reviews only", async () => {
    const { services, engagement } = annServices();
    await engagement.save(ann.token, kitenge.id);
    await engagement.follow(ann.token, shop.id);
    await engagement.recordView(ann.token, radio.id);
    for (const text of ["First", "Second", "Third", "Fourth", "Fifth"]) {
      await engagement.addReview(ann.token, radio.id, text);
    }
    renderWithServices(<AccountTabs />, services);

    expect(await screen.findByText("Kitenge dress")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: messages.account.followedShops }));
    expect(await screen.findByRole("link", { name: /Kikuubo Fabrics/ })).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: messages.account.yourReviews }));
    expect(await screen.findByText("Fifth")).toBeTruthy();
    expect(screen.getByText("Second")).toBeTruthy();
    expect(screen.queryByText("First")).toBeNull();
    fireEvent.click(screen.getByRole("tab", { name: messages.account.browseHistory }));
    expect(await screen.findByText("Solar radio")).toBeTruthy();
  });

  it("shows the empty states to a new user", async () => {
    renderWithServices(<AccountTabs />, annServices().services);
    expect(await screen.findByText("No products in wish list or they are out of stock")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: messages.account.followedShops }));
    expect(await screen.findByText("You don't follow any shop")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: messages.account.yourReviews }));
    expect(await screen.findByText("No comments yet")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: messages.account.browseHistory }));
    expect(await screen.findByText("You don't have any browse history")).toBeTruthy();
  });
});
