import { z } from "zod";

/** A picked image file, medium-neutral: adapters turn it into a multipart part. */
export const imageUploadSchema = z.object({
  fileName: z.string().min(1),
  contentType: z.string().min(1),
  bytes: z.instanceof(Uint8Array),
});
export type ImageUpload = z.infer<typeof imageUploadSchema>;
