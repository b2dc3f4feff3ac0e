// @vitest-environment happy-dom
import { aProduct, aShop, InMemoryEngagementGateway } from "@katale/domain/testing";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Services } from "../app/services.js";
import { ProductCard } from "../products/product-card.js";
import { RatingWidget } from "../products/rating-widget.js";
import { ReviewsList } from "../products/reviews-list.js";
import { engagementServices, findAlert, renderWithServices, signIn } from "../testing/test-services.js";
import { FollowButton } from "./follow-button.js";

afterEach(cleanup);

const ann = { id: 1, token: "ann-token", name: "Ann" };
const bob = { id: 2, token: "bob-token", name: "Bob" };
const shop = aShop({ id: 7, name: "Kikuubo Fabrics" });
const kettle = aProduct({ id: 11, name: "Kettle", shopId: 7, shopName: shop.name });

/** Services over one engagement fake; signed in as Ann unless `visitor`. */
function servicesFor({ visitor = false } = {}): {
  services: Services;
  engagement: InMemoryEngagementGateway;
} {
  const engagement = new InMemoryEngagementGateway([kettle], [shop], [ann, bob]);
  const services = engagementServices(engagement);
  if (!visitor) signIn(services, ann);
  return { services, engagement };
}

const pressed = (name: string) => screen.getByRole("button", { name }).getAttribute("aria-pressed");

describe("the bookmark on a product card", () => {
  it("saves and unsaves, saying so each time", async () => {
    const { services, engagement } = servicesFor();
    renderWithServices(<ProductCard product={kettle} />, services);
    await waitFor(() => expect(pressed("Save Kettle")).toBe("false"));
    fireEvent.click(screen.getByRole("button", { name: "Save Kettle" }));
    expect((await screen.findByRole("status")).textContent).toBe("Saved to your wishlist");
    expect(pressed("Save Kettle")).toBe("true");
    const list = await engagement.listSaved(ann.token);
    expect(list.ok && list.value.items.map((i) => i.product.name)).toEqual(["Kettle"]);
    fireEvent.click(screen.getByRole("button", { name: "Save Kettle" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Removed from your wishlist"));
    expect(pressed("Save Kettle")).toBe("false");
  });

  it("shows a save pressed before the wishlist has loaded", async () => {
    const { services, engagement } = servicesFor();
    renderWithServices(<ProductCard product={kettle} />, services);
    fireEvent.click(screen.getByRole("button", { name: "Save Kettle" }));
    expect((await screen.findByRole("status")).textContent).toBe("Saved to your wishlist");
    await waitFor(() => expect(pressed("Save Kettle")).toBe("true"));
    const list = await engagement.listSaved(ann.token);
    expect(list.ok && list.value.total).toBe(1);
  });

  it("asks for the state it shows, so a save made elsewhere meanwhile stays saved", async () => {
    const { services, engagement } = servicesFor();
    renderWithServices(<ProductCard product={kettle} />, services);
    await waitFor(() => expect(pressed("Save Kettle")).toBe("false"));
    await engagement.save(ann.token, kettle.id);
    fireEvent.click(screen.getByRole("button", { name: "Save Kettle" }));
    expect((await screen.findByRole("status")).textContent).toBe("Saved to your wishlist");
    const list = await engagement.listSaved(ann.token);
    expect(list.ok && list.value.total).toBe(1);
  });

  it("takes the save back with the reason when it fails", async () => {
    const { services, engagement } = servicesFor();
    engagement.failures.set("save", { kind: "network" });
    renderWithServices(<ProductCard product={kettle} />, services);
    await waitFor(() => expect(pressed("Save Kettle")).toBe("false"));
    fireEvent.click(screen.getByRole("button", { name: "Save Kettle" }));
    await findAlert("Please check your internet connection", { exact: true });
    expect(pressed("Save Kettle")).toBe("false");
  });

  it("ignores a second press while the first is on its way", async () => {
    const { services, engagement } = servicesFor();
    renderWithServices(<ProductCard product={kettle} />, services);
    await waitFor(() => expect(pressed("Save Kettle")).toBe("false"));
    const button = screen.getByRole("button", { name: "Save Kettle" });
    fireEvent.click(button);
    fireEvent.click(button);
    await screen.findByRole("status");
    const list = await engagement.listSaved(ann.token);
    expect(list.ok && list.value.total).toBe(1);
    expect(pressed("Save Kettle")).toBe("true");
  });
});

describe("Follow/Unfollow", () => {
  it("follows and unfollows", async () => {
    const { services, engagement } = servicesFor();
    renderWithServices(<FollowButton shop={shop} />, services);
    const button = screen.getByRole("button", { name: "Follow Kikuubo Fabrics" });
    await waitFor(() => expect(button.getAttribute("aria-pressed")).toBe("false"));
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("You are following this shop"));
    expect(button.textContent).toBe("Unfollow");
    const followed = await engagement.listFollowed(ann.id);
    expect(followed.ok && followed.value.map((f) => f.shop.name)).toEqual(["Kikuubo Fabrics"]);
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe("You no longer follow this shop"),
    );
    expect(button.textContent).toBe("Follow");
  });

  it("asks for the state it shows, so an unfollow made elsewhere meanwhile stays", async () => {
    const { services, engagement } = servicesFor();
    const record = await engagement.follow(ann.token, shop.id);
    renderWithServices(<FollowButton shop={shop} />, services);
    const button = screen.getByRole("button", { name: "Follow Kikuubo Fabrics" });
    await waitFor(() => expect(button.getAttribute("aria-pressed")).toBe("true"));
    if (record.ok) await engagement.unfollow(ann.token, record.value.record.id);
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe("You no longer follow this shop"),
    );
    const followed = await engagement.listFollowed(ann.id);
    expect(followed.ok && followed.value).toEqual([]);
  });

  it("rolls back when following fails", async () => {
    const { services, engagement } = servicesFor();
    engagement.failures.set("follow", { kind: "server" });
    renderWithServices(<FollowButton shop={shop} />, services);
    const button = screen.getByRole("button", { name: "Follow Kikuubo Fabrics" });
    await waitFor(() => expect(button.getAttribute("aria-pressed")).toBe("false"));
    fireEvent.click(button);
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(button.textContent).toBe("Follow");
  });

  it("asks a visitor to log in and sends nothing", async () => {
    const { services, engagement } = servicesFor({ visitor: true });
    renderWithServices(<FollowButton shop={shop} />, services);
    fireEvent.click(screen.getByRole("button", { name: "Follow Kikuubo Fabrics" }));
    expect((await screen.findByRole("dialog")).textContent).toContain("You need to login first");
    const followed = await engagement.listFollowed(ann.id);
    expect(followed.ok && followed.value).toEqual([]);
  });
});

describe("the rating widget", () => {
  it("rates in half stars and thanks the user", async () => {
    const { services } = servicesFor();
    renderWithServices(<RatingWidget productId={kettle.id} />, services);
    fireEvent.click(screen.getByRole("radio", { name: "3.5 stars" }), { detail: 1 });
    expect(await screen.findByText("Thanks for rating this product")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Rated 3.5 out of 5" })).toBeTruthy();
  });

  it("puts the stars back when rating fails", async () => {
    const { services, engagement } = servicesFor();
    engagement.failures.set("rate", { kind: "network" });
    renderWithServices(<RatingWidget productId={kettle.id} />, services);
    fireEvent.click(screen.getByRole("radio", { name: "2 stars" }), { detail: 1 });
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Rated 0 out of 5" })).toBeTruthy();
  });

  it("asks a visitor to log in", async () => {
    const { services } = servicesFor({ visitor: true });
    renderWithServices(<RatingWidget productId={kettle.id} />, services);
    fireEvent.click(screen.getByRole("radio", { name: "5 stars" }), { detail: 1 });
    expect((await screen.findByRole("dialog")).textContent).toContain("You need to login first");
  });
});

describe("reviews", () => {
  it("edits one review at a time, inline, and only the author's", async () => {
    const { services, engagement } = servicesFor();
    await engagement.addReview(bob.token, kettle.id, "Bob says it boils fast");
    await engagement.addReview(ann.token, kettle.id, "Ann's first review");
    renderWithServices(<ReviewsList productId={kettle.id} />, services);
    const items = await screen.findAllByRole("listitem");
    expect(items).toHaveLength(2);
    // Newest first: Ann's, then Bob's; only Ann's has Edit and Delete.
    expect(within(items[0]!).getByRole("button", { name: "Edit" })).toBeTruthy();
    expect(within(items[1]!).queryByRole("button", { name: "Edit" })).toBeNull();
    fireEvent.click(within(items[0]!).getByRole("button", { name: "Edit" }));
    const editor = screen.getByLabelText("Edit your review");
    fireEvent.change(editor, { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByText("Write your review before sending it")).toBeTruthy();
    fireEvent.change(editor, { target: { value: "  Boils in two minutes  " } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Boils in two minutes")).toBeTruthy();
    expect(await screen.findByText("comment successfully edited")).toBeTruthy();
    const page = await engagement.listReviews(kettle.id, 1);
    expect(page.ok && page.value.comments.map((c) => c.comment)).toContain("Boils in two minutes");
  });

  it("brings a deleted review back when deleting fails", async () => {
    const { services, engagement } = servicesFor();
    await engagement.addReview(ann.token, kettle.id, "Keep me");
    engagement.failures.set("deleteReview", { kind: "network" });
    renderWithServices(<ReviewsList productId={kettle.id} />, services);
    fireEvent.click(await screen.findByRole("button", { name: "Delete" }));
    const dialog = screen.getByRole("dialog", { name: "Delete this review?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.getByText("Keep me")).toBeTruthy();
  });

  it("shows markup in a review as text", async () => {
    const { services, engagement } = servicesFor();
    await engagement.addReview(bob.token, kettle.id, "<img src=x onerror=alert(1)>");
    const { container } = renderWithServices(<ReviewsList productId={kettle.id} />, services);
    expect(await screen.findByText("<img src=x onerror=alert(1)>")).toBeTruthy();
    expect(container.querySelector("img[src='x']")).toBeNull();
  });
});
