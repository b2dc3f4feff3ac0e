import { z } from "zod";
import { VERIFICATION_STATUSES } from "./verification-status.js";

/** A user's or shop's verification status as forms and the wire carry it. */
export const verificationStatusSchema = z.enum(VERIFICATION_STATUSES);
