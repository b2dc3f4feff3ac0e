import type { ImageUpload } from "../media/image-upload.js";
import { type DomainError, err, ok, type Result } from "../result.js";
import type { UserVerificationGateway } from "../verification/user-verification-gateway.js";
import type { UserVerificationRequest } from "../verification/user-verification-request.js";
import { Failures } from "./failures.js";

/** Whether the bytes start as a JPEG, PNG or WebP file does (the service checks content, not names). */
function looksLikeAnImage({ bytes }: ImageUpload): boolean {
  const starts = (...head: number[]) => head.every((b, i) => bytes[i] === b);
  const webp = starts(0x52, 0x49, 0x46, 0x46) && [0x57, 0x45, 0x42, 0x50].every((b, i) => bytes[8 + i] === b);
  return starts(0xff, 0xd8) || starts(0x89, 0x50, 0x4e, 0x47) || webp;
}

/**
 * Keeps the requests it receives, one per token; a second answers 'taken' as the service does. A
 * document that is not an image is 'invalid'. Given `tokens`, any other token is 'unauthorized';
 * without them every token counts as signed in.
 */
export class InMemoryUserVerificationGateway implements UserVerificationGateway {
  readonly failures = new Failures<keyof UserVerificationGateway, DomainError>();
  readonly requests = new Map<string, UserVerificationRequest>();

  constructor(readonly tokens?: ReadonlySet<string>) {}

  async requestUserVerification(
    token: string,
    request: UserVerificationRequest,
  ): Promise<Result<void, DomainError>> {
    return this.failures.answer("requestUserVerification", () => {
      if (this.tokens !== undefined && !this.tokens.has(token)) return err({ kind: "unauthorized" });
      for (const image of [request.nationalIdImage, request.userImage])
        if (!looksLikeAnImage(image))
          return err({ kind: "invalid", message: `${image.fileName} is not a JPEG, PNG or WebP image` });
      if (this.requests.has(token)) return err({ kind: "taken" });
      this.requests.set(token, request);
      return ok(undefined);
    });
  }
}
