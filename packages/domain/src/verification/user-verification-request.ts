import { z } from "zod";
import { emailField, profilePhoneField } from "../auth/auth-fields.js";
import { type ImageUpload, imageUploadSchema } from "../media/image-upload.js";
import { messages } from "../messages.js";

/** Longest National ID Number the service keeps. */
export const NIN_MAX_LENGTH = 30;

const text = messages.userVerification;

/** A picked image; a form starts with none picked (null). */
function requiredImage(message: string) {
  return imageUploadSchema.nullish().transform((image, context): ImageUpload => {
    if (image == null) {
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return image;
  });
}

/** Latitude or longitude of the chosen suggestion; null until one is chosen. */
function requiredCoordinate(bound: number) {
  return z
    .number({ error: text.locationRequired })
    .min(-bound)
    .max(bound)
    .nullish()
    .transform((value, context): number => {
      if (value == null) {
        context.addIssue({ code: "custom", message: text.locationRequired });
        return z.NEVER;
      }
      return value;
    });
}

/**
 * /account/verify-account: Email, Phone Number, Location (chosen from the address suggestions),
 * National ID Number, the ID image and a clear photo of the user (spec §2, §3).
 */
export const userVerificationRequestSchema = z.object({
  email: emailField,
  phone: profilePhoneField,
  /** National ID Number. */
  nin: z
    .string({ error: text.ninRequired })
    .trim()
    .min(1, text.ninRequired)
    .max(NIN_MAX_LENGTH, text.ninTooLong),
  nationalIdImage: requiredImage(text.nationalIdImageRequired),
  userImage: requiredImage(text.userImageRequired),
  locationLatitude: requiredCoordinate(90),
  locationLongitude: requiredCoordinate(180),
});
export type UserVerificationForm = z.input<typeof userVerificationRequestSchema>;

/** A checked request, both images present. */
export type UserVerificationRequest = z.output<typeof userVerificationRequestSchema>;
