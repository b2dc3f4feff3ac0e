import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES } from "../media/image-limits.js";
import {
  aSignedInUser,
  authGet,
  authPost,
  lastCodeFor,
  newIdentity,
  signUpAndVerify,
} from "../testing/auth-helpers.js";
import { aComment, aFollow, aProduct, aRating, aShop } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";
import { DELETED_USER_NAME } from "./account-deletion.js";

// The account area's calls: password reset, profile, picture, password and e-mail change, account
// deletion, and the identity verification request with its private documents.

const otherCode = (code: string) => String((Number(code) + 1) % 100_000).padStart(5, "0");

async function aPhoto(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
}

/** A multipart body; files are [field, bytes, filename, type]. */
function multipart(fields: Record<string, string>, files: [string, Buffer, string, string][]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, bytes, filename, type] of files) form.append(name, new Blob([bytes], { type }), filename);
  return form;
}

describe.each(databaseKinds())("the account (%s)", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** fetch over the socket: multipart bodies as browsers send them. */
  const send = (path: string, method: string, token: string | undefined, body: FormData) =>
    fetch(`${server.authUrl}${path}`, {
      method,
      body,
      headers: token ? { authorization: `Token ${token}` } : {},
    });

  describe("password reset", () => {
    it("e-mails a code and the reset-link page's address, then sets the new password once", async () => {
      const me = await signUpAndVerify(server);
      expect(await authPost(server, "users/reset_password/", { username: me.email })).toMatchObject({
        status: 200,
        body: { detail: "Code sent to email" },
      });
      const code = lastCodeFor(server, me.email);
      const mail = server.mailbox!.latestTo(me.email)!;
      expect(mail.subject).toBe("Reset your Katale password");
      const link = `${server.config.publicUrl}/reset-password-link?email=${encodeURIComponent(me.email)}&otp=${code}`;
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(link.replace("&", "&amp;"));

      expect(
        await authPost(server, "users/verify_reset_password/", { username: me.email, otp: otherCode(code) }),
      ).toMatchObject({ status: 401 });
      const verified = await authPost(server, "users/verify_reset_password/", {
        username: me.email,
        otp: code,
      });
      expect(verified).toMatchObject({
        status: 200,
        body: { detail: "Code verified, please reset your password", key: expect.any(String) },
      });
      const key = verified.body.key as string;

      expect(
        (await authPost(server, "users/reset_password_complete/", { key, new_password: "short" })).status,
      ).toBe(400);
      expect(
        await authPost(server, "users/reset_password_complete/", {
          key,
          new_password: "a brand new password",
        }),
      ).toMatchObject({ status: 200, body: { detail: "Password reset successfully" } });
      // Single use; the old session and the old password are gone.
      expect(
        (
          await authPost(server, "users/reset_password_complete/", {
            key,
            new_password: "yet another password",
          })
        ).status,
      ).toBe(400);
      expect((await authGet(server, "users/me/", me.key)).status).toBe(401);
      expect((await authPost(server, "login/", { username: me.email, password: me.password })).status).toBe(
        401,
      );
      expect(
        (await authPost(server, "login/", { username: me.email, password: "a brand new password" })).status,
      ).toBe(200);
      // The code itself was used up.
      expect(
        (await authPost(server, "users/verify_reset_password/", { username: me.email, otp: code })).status,
      ).toBe(400);
    });

    it("answers 'user does not exist' for an unknown address", async () => {
      for (const path of ["users/reset_password/", "users/verify_reset_password/"]) {
        expect(await authPost(server, path, { username: "ghost@example.ug", otp: "12345" })).toMatchObject({
          status: 404,
          body: { detail: "user does not exist", code: "user_not_found" },
        });
      }
    });

    it("refuses an expired reset key and an expired code", async () => {
      const me = await aSignedInUser(server);
      await authPost(server, "users/reset_password/", { username: me.email });
      const { body } = await authPost(server, "users/verify_reset_password/", {
        username: me.email,
        otp: lastCodeFor(server, me.email),
      });
      await server.db
        .updateTable("reset_keys")
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where("user_id", "=", me.id)
        .execute();
      expect(
        await authPost(server, "users/reset_password_complete/", {
          key: body.key,
          new_password: "a new password",
        }),
      ).toMatchObject({
        status: 400,
        body: { detail: expect.stringMatching(/expired/), code: "reset_key_invalid" },
      });

      await authPost(server, "users/reset_password/", { username: me.email });
      await server.db
        .updateTable("one_time_codes")
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where("user_id", "=", me.id)
        .execute();
      expect(
        await authPost(server, "users/verify_reset_password/", {
          username: me.email,
          otp: lastCodeFor(server, me.email),
        }),
      ).toMatchObject({ status: 400, body: { detail: "Please try a new code", code: "code_expired" } });
    });

    it("verifies the e-mail of an account that never entered its sign-up code", async () => {
      const me = newIdentity();
      await authPost(server, "register/", me);
      await authPost(server, "users/reset_password/", { username: me.email });
      const { body } = await authPost(server, "users/verify_reset_password/", {
        username: me.email,
        otp: lastCodeFor(server, me.email),
      });
      await authPost(server, "users/reset_password_complete/", {
        key: body.key,
        new_password: "chosen later on",
      });
      expect(
        (await authPost(server, "login/", { username: me.email, password: "chosen later on" })).status,
      ).toBe(200);
    });
  });

  describe("profile", () => {
    it("updates the profile fields and answers the user", async () => {
      const me = await aSignedInUser(server);
      const { status, body } = await authPost(
        server,
        "users/update_user/",
        {
          name: "Amina Nakato",
          phone: "+256772000111",
          country: "Uganda",
          date_of_birth: "1994-05-17",
          gender: "female",
        },
        { method: "PATCH", token: me.key },
      );
      expect(status).toBe(200);
      expect(body).toEqual({
        detail: "Update successful",
        user: expect.objectContaining({
          name: "Amina Nakato",
          phone: "+256772000111",
          country: "Uganda",
          date_of_birth: "1994-05-17",
          gender: "female",
        }),
      });
      // A partial update keeps the rest.
      const partial = await authPost(
        server,
        "users/update_user/",
        { country: null },
        { method: "PATCH", token: me.key },
      );
      expect(partial.body.user).toMatchObject({ name: "Amina Nakato", country: null });
    });

    it("refuses a phone another account has, bad values, and no token", async () => {
      const me = await aSignedInUser(server);
      const other = await aSignedInUser(server);
      expect(
        await authPost(
          server,
          "users/update_user/",
          { phone: other.phone },
          { method: "PATCH", token: me.key },
        ),
      ).toMatchObject({
        status: 400,
        body: { phone: ["Phone already exists"], code: "already_registered" },
      });
      expect(
        (
          await authPost(
            server,
            "users/update_user/",
            { phone: "0".repeat(15) },
            { method: "PATCH", token: me.key },
          )
        ).status,
      ).toBe(400);
      expect(
        (
          await authPost(
            server,
            "users/update_user/",
            { date_of_birth: "17/05/1994" },
            { method: "PATCH", token: me.key },
          )
        ).status,
      ).toBe(400);
      expect((await authPost(server, "users/update_user/", { name: "X" }, { method: "PATCH" })).status).toBe(
        401,
      );
    });

    it("changes the picture: re-encoded WebP under /media/avatars/, the old one removed", async () => {
      const me = await aSignedInUser(server);
      const first = await send(
        "users/update_profile_picture/",
        "PATCH",
        me.key,
        multipart({}, [["picture", await aPhoto(), "me.jpg", "image/jpeg"]]),
      );
      expect(first.status).toBe(200);
      const body = (await first.json()) as { detail: string; user: { profile_picture: string } };
      expect(body.detail).toBe("Image changed successfully");
      expect(body.user.profile_picture).toMatch(/^\/media\/avatars\/[a-z0-9]{16}\.webp$/);
      const served = await fetch(`${server.baseUrl}${body.user.profile_picture}`);
      expect(served.status).toBe(200);
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe("webp");

      // Token in the form instead of the header.
      const second = await send(
        "users/update_profile_picture/",
        "PATCH",
        undefined,
        multipart({ token: me.key }, [["picture", await aPhoto(80, 80), "me2.png", "image/png"]]),
      );
      expect(second.status).toBe(200);
      expect((await fetch(`${server.baseUrl}${body.user.profile_picture}`)).status).toBe(404);
    });

    it("refuses text pretending to be a PNG, a missing file and an oversized file", async () => {
      const me = await aSignedInUser(server);
      const fake = await send(
        "users/update_profile_picture/",
        "PATCH",
        me.key,
        multipart({}, [["picture", Buffer.from("just some text, honestly"), "cat.png", "image/png"]]),
      );
      expect(fake.status).toBe(400);
      const notAnImage = (await fake.json()) as { detail: string; code: string };
      expect(notAnImage.detail).toMatch(/not an image/);
      expect(notAnImage.code).toBe("invalid_input");
      const none = await send(
        "users/update_profile_picture/",
        "PATCH",
        me.key,
        multipart({ picture: "cat.png" }, []),
      );
      expect(none.status).toBe(400);
      const huge = await send(
        "users/update_profile_picture/",
        "PATCH",
        me.key,
        multipart({}, [["picture", Buffer.alloc(MAX_IMAGE_BYTES + 1, 1), "big.jpg", "image/jpeg"]]),
      );
      expect(huge.status).toBe(413);
      expect(((await huge.json()) as { code: string }).code).toBe("too_large");
      expect((await authGet(server, "users/me/", me.key)).body.user.profile_picture).toBeNull();
    });
  });

  describe("password and e-mail change", () => {
    it("changes the password: the old one is refused, other sessions end, this one stays", async () => {
      const me = await aSignedInUser(server);
      const other = await authPost(server, "login/", { username: me.email, password: me.password });
      expect(
        await authPost(
          server,
          "users/change_password/",
          { old_password: "not it at all", new_password: "the new secret" },
          { token: me.key },
        ),
      ).toMatchObject({
        status: 400,
        body: { detail: "Invalid old password", code: "wrong_password" },
      });
      expect(
        await authPost(server, "users/change_password/", {
          login_key: me.key,
          old_password: me.password,
          new_password: "the new secret",
        }),
      ).toMatchObject({ status: 200, body: { detail: "Password changed successfully" } });
      expect((await authPost(server, "login/", { username: me.email, password: me.password })).status).toBe(
        401,
      );
      expect(
        (await authPost(server, "login/", { username: me.email, password: "the new secret" })).status,
      ).toBe(200);
      expect((await authGet(server, "users/me/", me.key)).status).toBe(200);
      expect((await authGet(server, "users/me/", other.body.key)).status).toBe(401);
    });

    it("changes the e-mail with a code sent to the new address", async () => {
      const me = await aSignedInUser(server);
      const taken = await aSignedInUser(server);
      const next = newIdentity().email;
      expect(
        await authPost(server, "users/change_email/", { new_email: taken.email }, { token: me.key }),
      ).toMatchObject({
        status: 409,
        body: { detail: "Email already exists", code: "email_taken" },
      });
      expect(
        (await authPost(server, "users/change_email/", { new_email: me.email }, { token: me.key })).status,
      ).toBe(400);
      expect(
        await authPost(server, "users/change_email/", { new_email: next }, { token: me.key }),
      ).toMatchObject({
        status: 200,
        body: { detail: "OTP sent to this email" },
      });
      const code = lastCodeFor(server, next);
      expect(server.mailbox!.latestTo(me.email)).toBeUndefined();

      expect(
        await authPost(
          server,
          "users/verify_change_email/",
          { new_email: next, otp: otherCode(code) },
          { token: me.key },
        ),
      ).toMatchObject({
        status: 401,
        body: { detail: "Invalid OTP, please check your email for correct OTP", code: "wrong_code" },
      });
      // The code belongs to that new address only.
      expect(
        (
          await authPost(
            server,
            "users/verify_change_email/",
            { new_email: newIdentity().email, otp: code },
            { token: me.key },
          )
        ).status,
      ).toBe(400);
      const done = await authPost(
        server,
        "users/verify_change_email/",
        { new_email: next, otp: code },
        { token: me.key },
      );
      expect(done).toMatchObject({
        status: 200,
        body: { detail: "Email changed successfully", user: { email: next } },
      });
      expect((await authPost(server, "login/", { username: next, password: me.password })).status).toBe(200);
      expect((await authPost(server, "login/", { username: me.email, password: me.password })).status).toBe(
        401,
      );
      // Used up.
      expect(
        (
          await authPost(
            server,
            "users/verify_change_email/",
            { new_email: next, otp: code },
            { token: me.key },
          )
        ).status,
      ).toBe(400);
    });

    it("does not accept a sign-up or reset code as an e-mail change code", async () => {
      const me = await aSignedInUser(server);
      await authPost(server, "users/reset_password/", { username: me.email });
      const resetCode = lastCodeFor(server, me.email);
      const next = newIdentity().email;
      await authPost(server, "users/change_email/", { new_email: next }, { token: me.key });
      if (resetCode !== lastCodeFor(server, next)) {
        expect(
          (
            await authPost(
              server,
              "users/verify_change_email/",
              { new_email: next, otp: resetCode },
              { token: me.key },
            )
          ).status,
        ).toBe(401);
      }
    });
  });

  describe("account deletion", () => {
    it("needs the password", async () => {
      const me = await aSignedInUser(server);
      expect(
        await authPost(server, "users/delete_account/", { password: "guess guess" }, { token: me.key }),
      ).toMatchObject({
        status: 400,
        body: { detail: "Wrong password", code: "wrong_password" },
      });
      expect((await authGet(server, "users/me/", me.key)).status).toBe(200);
    });

    it("ends every session, removes the user's data and shops, keeps ratings anonymously", async () => {
      const db = server.db;
      const me = await aSignedInUser(server);
      const second = await authPost(server, "login/", { username: me.phone, password: me.password });
      const elsewhere = await aProduct(db);
      const myShop = await aShop(db, { owner_id: me.id });
      const myProduct = await aProduct(db, { shop_id: myShop.id });
      await aRating(db, { product_id: elsewhere.id, user_id: me.id, rating: 8 });
      await aComment(db, { product_id: elsewhere.id, user_id: me.id, comment: "My honest review" });
      await aFollow(db, { shop_id: elsewhere.shop_id, user_id: me.id });
      await db.insertInto("saved_products").values({ user_id: me.id, product_id: elsewhere.id }).execute();
      await db.insertInto("browse_history").values({ user_id: me.id, product_id: elsewhere.id }).execute();
      const picture = await send(
        "users/update_profile_picture/",
        "PATCH",
        me.key,
        multipart({}, [["picture", await aPhoto(), "me.jpg", "image/jpeg"]]),
      );
      const avatar = ((await picture.json()) as { user: { profile_picture: string } }).user.profile_picture;

      expect(
        await authPost(server, "users/delete_account/", { password: me.password }, { token: me.key }),
      ).toMatchObject({
        status: 200,
        body: { detail: "Your account has been deleted" },
      });
      expect((await authGet(server, "users/me/", me.key)).status).toBe(401);
      expect((await authGet(server, "users/me/", second.body.key)).status).toBe(401);
      expect((await authPost(server, "login/", { username: me.email, password: me.password })).status).toBe(
        401,
      );
      expect((await fetch(`${server.baseUrl}${avatar}`)).status).toBe(404);

      const count = async (
        table: "saved_products" | "browse_history" | "follows" | "comments" | "auth_tokens",
      ) => (await db.selectFrom(table).select("id").where("user_id", "=", me.id).execute()).length;
      for (const table of [
        "saved_products",
        "browse_history",
        "follows",
        "comments",
        "auth_tokens",
      ] as const) {
        expect(await count(table)).toBe(0);
      }
      expect(
        await db.selectFrom("shops").select("id").where("id", "=", myShop.id).executeTakeFirst(),
      ).toBeUndefined();
      expect(
        await db.selectFrom("products").select("id").where("id", "=", myProduct.id).executeTakeFirst(),
      ).toBeUndefined();
      const rating = await db
        .selectFrom("ratings")
        .selectAll()
        .where("user_id", "=", me.id)
        .executeTakeFirstOrThrow();
      expect(rating.rating).toBe(8);
      const tombstone = await db
        .selectFrom("users")
        .selectAll()
        .where("id", "=", me.id)
        .executeTakeFirstOrThrow();
      expect(tombstone).toMatchObject({
        name: DELETED_USER_NAME,
        profile_picture: null,
        date_of_birth: null,
      });
      expect(tombstone.email).not.toContain(me.email);
      expect(tombstone.deleted_at).not.toBeNull();

      // The e-mail and phone are free again.
      const again = await authPost(server, "register/", {
        name: "Back again",
        email: me.email,
        phone: me.phone,
        password: "a fresh password",
      });
      expect(again.status).toBe(201);
    });
  });

  describe("identity verification request", () => {
    const fields = (me: { email: string; phone: string }) => ({
      email: me.email,
      phone: me.phone,
      nin: "CM94052102XYZA",
      location_latitude: "0.3476",
      location_longitude: "32.5825",
    });

    it("stores the documents privately, never under /media/, and answers 201 then 409", async () => {
      const me = await aSignedInUser(server);
      const files: [string, Buffer, string, string][] = [
        ["national_id_image", await aPhoto(300, 190), "id.jpg", "image/jpeg"],
        ["user_image", await aPhoto(200, 200), "me.jpg", "image/jpeg"],
      ];
      expect((await send("verification/user/", "POST", undefined, multipart(fields(me), files))).status).toBe(
        401,
      );

      const sent = await send("verification/user/", "POST", me.key, multipart(fields(me), files));
      expect(sent.status).toBe(201);
      expect(await sent.json()).toEqual({ detail: "Successfully sent verification request" });
      expect((await authGet(server, "users/me/", me.key)).body.user.verification_status).toBe("PENDING");

      const request = await server.db
        .selectFrom("user_verification_requests")
        .selectAll()
        .where("user_id", "=", me.id)
        .executeTakeFirstOrThrow();
      expect(request).toMatchObject({ nin: "CM94052102XYZA", status: "PENDING", location_latitude: 0.3476 });
      for (const key of [request.national_id_image, request.user_image]) {
        expect(key).toMatch(/^(national-ids|user-photos)\/[a-z0-9]{16}\.webp$/);
        expect(existsSync(join(server.media.privateDir, key))).toBe(true);
        expect((await fetch(`${server.baseUrl}/media/${key}`)).status).toBe(404);
        expect((await fetch(`${server.baseUrl}/media/../private/${key}`)).status).toBe(404);
        // Nothing of it landed in the public folder.
        const name = key.split("/")[1]!;
        expect(
          readdirSync(server.media.publicDir, { recursive: true }).some((f) => String(f).includes(name)),
        ).toBe(false);
      }

      const second = await send("verification/user/", "POST", me.key, multipart(fields(me), files));
      expect(second.status).toBe(409);
      expect(await second.json()).toEqual({
        detail: "User already has a verification request",
        code: "verification_pending",
      });
    });

    it("refuses a document that is not an image, or missing, by field", async () => {
      const me = await aSignedInUser(server);
      const fake = await send(
        "verification/user/",
        "POST",
        me.key,
        multipart(fields(me), [
          ["national_id_image", Buffer.from("%PDF-1.4 not a picture"), "id.png", "image/png"],
          ["user_image", await aPhoto(), "me.jpg", "image/jpeg"],
        ]),
      );
      expect(fake.status).toBe(400);
      expect(await fake.json()).toEqual({
        national_id_image: [expect.stringMatching(/not an image/)],
        code: "invalid_input",
      });
      const missing = await send(
        "verification/user/",
        "POST",
        me.key,
        multipart(fields(me), [["national_id_image", await aPhoto(), "id.jpg", "image/jpeg"]]),
      );
      expect(missing.status).toBe(400);
      expect(await missing.json()).toEqual({
        user_image: ["Add a clear photo of yourself"],
        code: "invalid_input",
      });
      const stored = await server.db
        .selectFrom("user_verification_requests")
        .select("id")
        .where("user_id", "=", me.id)
        .execute();
      expect(stored).toHaveLength(0);
      expect((await authGet(server, "users/me/", me.key)).body.user.verification_status).toBe("UNVERIFIED");
    });
  });
});
