import { signedInToken } from "../engagement/signed-in.js";
import { type ImageUpload, imageUploadSchema } from "../media/image-upload.js";
import { messages } from "../messages.js";
import { err, ok } from "../result.js";
import type { AccountPorts } from "./account-ports.js";
import { type AuthOutcome, authFailure, done } from "./auth-failure.js";
import { storeUser } from "./stored-session.js";
import type { User } from "./user.js";

/** The avatar-edit panel: 'Image changed successfully' / 'Image upload failed' (spec §8). */
export async function changePicture(
  ports: AccountPorts<"changePicture">,
  picture: ImageUpload,
): Promise<AuthOutcome<{ readonly user: User }>> {
  const checked = imageUploadSchema.safeParse(picture);
  if (!checked.success || !checked.data.contentType.startsWith("image/") || checked.data.bytes.length === 0) {
    return err({ kind: "invalid-form", message: messages.account.imageUploadFailed });
  }
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const answer = await ports.auth.changePicture(token.value, checked.data);
  if (!answer.ok) {
    return err(
      authFailure(answer.error, {
        invalid: messages.account.imageUploadFailed,
        otherwise: messages.account.imageUploadFailed,
      }),
    );
  }
  storeUser(ports.storage, answer.value);
  return ok(done(messages.account.imageChanged, { user: answer.value }));
}
