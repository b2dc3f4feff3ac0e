// @vitest-environment happy-dom
import { messages } from "@katale/domain";
import { aProduct, aShop, InMemoryEngagementGateway } from "@katale/domain/testing";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { findAlert, renderWithServices, testServices } from "../testing/test-services.js";
import { ExplorerListings } from "./explorer-listings.js";

afterEach(cleanup);

const ann = { id: 1, token: "ann-token", name: "Ann" };
const followed = aShop({ id: 7, name: "Kikuubo Fabrics" });
const other = aShop({ id: 8, name: "Owino Shoes" });
const products = [
  aProduct({ id: 21, name: "Kitenge dress", shopId: 7 }),
  aProduct({ id: 22, name: "Gomesi", shopId: 7, inStock: 0 }),
  aProduct({ id: 23, name: "Leather sandals", shopId: 8 }),
];

function setUp({ signedIn }: { signedIn: boolean }) {
  const engagement = new InMemoryEngagementGateway(products, [followed, other], [ann]);
  const services = testServices({ follows: engagement, savedProducts: engagement });
  if (signedIn) {
    services.local.set("token", ann.token);
    services.local.set("userdid", ann.id);
    services.local.set("loggedInUserName", ann.name);
  }
  return { services, engagement };
}

function openFollowing(services: ReturnType<typeof setUp>["services"]) {
  renderWithServices(<ExplorerListings />, services);
  fireEvent.click(screen.getByRole("tab", { name: messages.home.following }));
}

describe("Home 'Following'", () => {
  it("asks a visitor to log in first", async () => {
    openFollowing(setUp({ signedIn: false }).services);
    expect(await screen.findByText("Login first to view products")).toBeTruthy();
  });

  it("shows the in-stock products of the shops the user follows", async () => {
    const { services, engagement } = setUp({ signedIn: true });
    await engagement.follow(ann.token, followed.id);
    openFollowing(services);
    const cards = await screen.findAllByRole("article");
    expect(cards.map((card) => within(card).getByRole("heading").textContent)).toEqual(["Kitenge dress"]);
  });

  it("says when the followed shops have nothing in stock", async () => {
    openFollowing(setUp({ signedIn: true }).services);
    expect(
      await screen.findByText("No products from the shops you follow or they are out of stock"),
    ).toBeTruthy();
  });

  it("tells a failure", async () => {
    const { services, engagement } = setUp({ signedIn: true });
    engagement.failures.set("listFollowedShopsProducts", { kind: "network" });
    openFollowing(services);
    await findAlert(messages.common.checkConnection);
  });
});
