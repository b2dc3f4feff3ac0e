// @vitest-environment happy-dom
import { type AuthGateway, toActiveUser, uploadMessages } from "@katale/domain";
import { aUser, InMemoryAuthGateway } from "@katale/domain/testing";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findAlert, renderWithServices, testServices } from "../testing/test-services.js";
import { AvatarPanel } from "./avatar-panel.js";

let auth: InMemoryAuthGateway;
let token = "";
const amina = aUser({ email: "amina@example.ug", name: "Amina Nakato" });

beforeEach(async () => {
  auth = new InMemoryAuthGateway();
  auth.addAccount(amina, "kampala-2026");
  const services = testServices({ auth });
  const session = await auth.login({ username: "amina@example.ug", password: "kampala-2026" });
  if (!session.ok) throw new Error("no session");
  token = session.value.token;
  services.local.set("token", token);
  renderWithServices(<AvatarPanel user={toActiveUser(amina)} onChanged={() => {}} />, services);
});
afterEach(cleanup);

const photo = () =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], "me.png", { type: "image/png" });
const pick = () =>
  fireEvent.change(screen.getByLabelText("Change picture", { selector: "input" }), {
    target: { files: [photo()] },
  });
const pictureNow = async () => {
  const me = await auth.me(token);
  return me.ok ? me.value.user.profilePicture : "no account";
};

describe("the avatar panel", () => {
  it("changes the picture and says so", async () => {
    pick();
    expect(await screen.findByText("Image changed successfully")).toBeTruthy();
    expect(await pictureNow()).toBe("/media/avatars/me.png");
  });

  it("shows the upload's progress with Cancel; Cancel changes nothing and says so", async () => {
    let abort = () => {};
    auth.changePicture = (() =>
      new Promise((resolve) => {
        // What the HTTP client answers once Cancel aborts the request on the way.
        abort = () => resolve({ ok: false, error: { kind: "network" } });
      })) as AuthGateway["changePicture"];
    pick();
    const bar = await screen.findByRole("progressbar", { name: uploadMessages.uploadProgress });
    await waitFor(() => expect(bar.getAttribute("aria-valuetext")).toBe(uploadMessages.uploading));
    fireEvent.click(screen.getByRole("button", { name: uploadMessages.cancelUpload }));
    abort();
    await findAlert(uploadMessages.uploadCancelled);
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(await pictureNow()).toBeNull();
  });
});
