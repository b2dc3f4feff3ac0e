import { z } from "zod";
import { EMAIL_MAX_LENGTH, phoneField } from "../auth/auth-fields.js";
import { SHOP_BIO_MAX_LENGTH, SHOP_CATEGORIES_MAX, SHOP_NAME_MAX_LENGTH } from "../constants.js";
import { imageUploadSchema } from "../media/image-upload.js";
import { sellerServerMessages } from "../messages/seller-server.js";
import { messages } from "../messages.js";

const text = messages.selling;

/** Optional text: blank means not given. */
const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** An optional e-mail (spec §5: typed as email). */
export const optionalEmailField = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .pipe(z.email(messages.auth.emailInvalid).max(EMAIL_MAX_LENGTH, messages.auth.emailInvalid))
    .optional(),
);

/** An optional shop phone: at most 10 characters (spec §5, §9). */
export const optionalShopPhoneField = z.preprocess(blankToUndefined, phoneField.optional());

export const shopBioField = z.string().trim().max(SHOP_BIO_MAX_LENGTH, text.bioTooLong).optional();

/** Latitude or longitude of the chosen address suggestion; null until one is chosen. */
function locationCoordinate(bound: number) {
  return z
    .number({ error: text.shopLocationRequired })
    .min(-bound, text.shopLocationRequired)
    .max(bound, text.shopLocationRequired)
    .nullish()
    .transform((value, context): number => {
      if (value == null) {
        context.addIssue({ code: "custom", message: text.shopLocationRequired });
        return z.NEVER;
      }
      return value;
    });
}

/**
 * /account/createshop (spec §2, §5): name and location required, 1 to 3 categories; bio, email,
 * phone and the two images may come with it (the CLI's `shops create` sends them at once).
 */
export const createShopFormSchema = z.object({
  name: z
    .string({ error: text.shopNameRequired })
    .trim()
    .min(1, text.shopNameRequired)
    .max(SHOP_NAME_MAX_LENGTH, text.shopNameTooLong),
  categories: z
    .array(z.number().int().positive(), { error: text.shopCategoriesRequired })
    .min(1, text.shopCategoriesRequired)
    .max(SHOP_CATEGORIES_MAX, text.shopCategoriesTooMany)
    .transform((ids) => [...new Set(ids)]),
  locationLatitude: locationCoordinate(90),
  locationLongitude: locationCoordinate(180),
  bio: shopBioField,
  email: optionalEmailField,
  phone: optionalShopPhoneField,
  profileImage: imageUploadSchema.optional(),
  coverImage: imageUploadSchema.optional(),
});
export type CreateShopForm = z.input<typeof createShopFormSchema>;

/** /account/shop-details (spec §2): email, bio, phone, display image, cover photo; all optional. */
export const shopDetailsFormSchema = z.object({
  email: optionalEmailField,
  bio: shopBioField,
  phone: optionalShopPhoneField,
  displayImage: imageUploadSchema.optional(),
  coverImage: imageUploadSchema.optional(),
});
export type ShopDetailsForm = z.input<typeof shopDetailsFormSchema>;

/**
 * /account/shop-verification (spec §2, §3): Email (sent as the contact), Business Location chosen
 * from the suggestions, a shop photo, and the shop; the form starts with no photo and no place.
 */
export const shopVerificationFormSchema = z.object({
  contact: z
    .string({ error: messages.auth.emailInvalid })
    .trim()
    .pipe(z.email(messages.auth.emailInvalid).max(EMAIL_MAX_LENGTH, messages.auth.emailInvalid)),
  shopImage: imageUploadSchema.nullish().transform((image, context) => {
    if (image == null) {
      context.addIssue({ code: "custom", message: sellerServerMessages.shopImageRequired });
      return z.NEVER;
    }
    return image;
  }),
  locationLatitude: locationCoordinate(90),
  locationLongitude: locationCoordinate(180),
  shop: z
    .number({ error: sellerServerMessages.shopRequired })
    .int()
    .positive(sellerServerMessages.shopRequired),
});
export type ShopVerificationFormValues = z.input<typeof shopVerificationFormSchema>;
