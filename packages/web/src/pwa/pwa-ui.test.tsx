// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ConnectivityToast } from "../shell/connectivity-toast.js";
import { UserMenu } from "../shell/user-menu.js";
import { renderWithServices } from "../testing/test-services.js";
import { dataSaverOn, setDataSaver } from "./data-saver.js";
import PwaUi from "./pwa-ui.js";

afterEach(() => {
  cleanup();
  localStorage.clear();
  Object.defineProperty(navigator, "onLine", { configurable: true, value: true });
});

function goOffline(offline: boolean) {
  Object.defineProperty(navigator, "onLine", { configurable: true, value: !offline });
  act(() => {
    window.dispatchEvent(new Event(offline ? "offline" : "online"));
  });
}

describe("the saved-copy banner", () => {
  it("says the page is a saved copy while offline, and goes when the network is back", async () => {
    renderWithServices(<PwaUi />);
    expect(screen.queryByText(/saved copy/)).toBeNull();
    goOffline(true);
    expect(await screen.findByText("You are offline. This page is a saved copy.")).toBeTruthy();
    goOffline(false);
    expect(screen.queryByText(/saved copy/)).toBeNull();
  });

  it("says 'You are offline' under its text for the toast's 3 s, the floating toast hidden meanwhile", async () => {
    renderWithServices(
      <>
        <ConnectivityToast />
        <PwaUi />
      </>,
    );
    goOffline(true);
    const text = await screen.findByText("You are offline. This page is a saved copy.");
    const banner = text.closest("[role=status]") as HTMLElement;
    // Stacked in the banner (its height, taken off a chat room's, includes it): nothing covers the text.
    expect(within(banner).getByText("You are offline")).toBeTruthy();
    // The floating one (index.css hides it while the banner is there).
    expect(document.documentElement.dataset.offlineBanner).toBe("");
    expect(document.querySelector(".conn-toast")?.textContent).toBe("You are offline");
    await waitFor(() => expect(within(banner).queryByText("You are offline")).toBeNull());
    expect(banner.textContent).toBe("You are offline. This page is a saved copy.");
    goOffline(false);
    expect(document.documentElement.dataset.offlineBanner).toBeUndefined();
    expect(document.querySelector(".conn-toast")?.textContent).toBe("You are online");
  });
});

describe("the data saver switch", () => {
  it("is in the account menu, off by default, and kept on this device", async () => {
    renderWithServices(<UserMenu />);
    fireEvent.click(screen.getByRole("button", { name: "User menu" }));
    // The menu's items load on its first open.
    const toggle = await screen.findByRole("switch", { name: "Data saver" });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    expect(localStorage.getItem("katale.dataSaver")).toBe("on");
    expect(dataSaverOn()).toBe(true);
    // The server reads it too, for the next page's first pictures.
    expect(document.cookie).toContain("katale-data-saver=on");
    act(() => setDataSaver(false));
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(document.cookie).toContain("katale-data-saver=off");
  });

  it("is on when the server saw Save-Data on the page, until the user turns it off", () => {
    document.documentElement.dataset.saveData = "on";
    try {
      expect(dataSaverOn()).toBe(true);
      setDataSaver(false);
      expect(dataSaverOn()).toBe(false);
    } finally {
      delete document.documentElement.dataset.saveData;
    }
  });
});
