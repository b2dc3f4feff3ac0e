import { PROFILE_PHONE_MAX_LENGTH } from "@katale/domain";
import { z } from "zod";
import {
  badRequestError,
  defineCalls,
  detailBody,
  detailError,
  fileField,
  idValue,
  latitude,
  longitude,
} from "./common.js";

// Verification requests (spec §3, §7). The shop request goes to the shop service, the user request to
// the auth service. Documents are private files: never served publicly. Success answers
// {"detail": "Successfully sent verification request"}; a second open request answers 409 with
// 'Shop already has a verification request' / 'User already has a verification request'.

export const verificationCalls = defineCalls({
  shop: {
    service: "shop",
    method: "POST",
    path: "verification/shop/",
    summary: "Ask for a shop's verification (multipart: contact, shop_image, location, shop); owner only",
    auth: "token",
    encoding: "multipart",
    body: z.object({
      contact: z.string().trim().min(1).max(254),
      shop_image: fileField,
      location_latitude: latitude.optional(),
      location_longitude: longitude.optional(),
      shop: idValue,
    }),
    response: {
      201: detailBody,
      400: badRequestError,
      401: detailError,
      403: detailError,
      404: detailError,
      409: detailError,
      413: detailError,
    },
  },
  user: {
    service: "auth",
    method: "POST",
    path: "verification/user/",
    summary:
      "Ask for the user's identity verification (multipart: email, phone, nin, ID and user photos, location)",
    auth: "token",
    encoding: "multipart",
    body: z.object({
      email: z.email().max(254),
      phone: z.string().trim().min(1).max(PROFILE_PHONE_MAX_LENGTH),
      nin: z.string().trim().min(1).max(30),
      national_id_image: fileField,
      user_image: fileField,
      location_latitude: latitude.optional(),
      location_longitude: longitude.optional(),
    }),
    response: { 201: detailBody, 400: badRequestError, 401: detailError, 409: detailError, 413: detailError },
  },
});
