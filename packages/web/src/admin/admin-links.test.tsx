// @vitest-environment happy-dom
import { messages, webAccountMessages, webAdminMessages } from "@katale/domain";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AccountLinks } from "../account/account-links.js";
import { UserMenu } from "../shell/user-menu.js";
import { renderWithServices } from "../testing/test-services.js";
import { adminSetup } from "./admin-test-setup.js";

afterEach(cleanup);

const text = webAdminMessages;

describe("the way to the admin pages", () => {
  it("the user menu has an Admin entry for an admin, and none for anyone else", async () => {
    const admin = await adminSetup();
    renderWithServices(<UserMenu />, admin.services);
    fireEvent.click(screen.getByRole("button", { name: messages.web.userMenu }));
    const entry = await screen.findByRole("link", { name: text.admin });
    expect(entry.getAttribute("href")).toBe("/account/manage");
    cleanup();
    const user = await adminSetup({ isAdmin: false });
    renderWithServices(<UserMenu />, user.services);
    fireEvent.click(screen.getByRole("button", { name: messages.web.userMenu }));
    expect(await screen.findByRole("link", { name: messages.header.profile })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("link", { name: text.admin })).toBeNull();
  });

  it("the account menu links the catalogue manager and the requests for admins only", async () => {
    const admin = await adminSetup();
    renderWithServices(<AccountLinks withLists={false} />, admin.services);
    expect((await screen.findByRole("link", { name: text.manageCatalogue })).getAttribute("href")).toBe(
      "/account/manage",
    );
    expect(screen.getByRole("link", { name: text.verificationRequests })).toBeTruthy();
    cleanup();
    const user = await adminSetup({ isAdmin: false });
    renderWithServices(<AccountLinks withLists={false} />, user.services);
    expect(await screen.findByRole("link", { name: webAccountMessages.editProfile })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("link", { name: text.manageCatalogue })).toBeNull();
  });
});
