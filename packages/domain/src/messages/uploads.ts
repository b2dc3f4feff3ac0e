// User-facing texts of one area, apart from `messages` so that only the screens that show them load them.

/**
 * Sending pictures on a slow link (the product and service forms, chat photos, the avatar, the shop's
 * pictures): the resizing step, the bytes sent and their percent, and Cancel.
 */
export const uploadMessages = {
  resizing: (k: number, n: number) => (n === 1 ? "Resizing the picture" : `Resizing image ${k} of ${n}`),
  uploading: "Uploading",
  /** e.g. 'Uploading 2.1 MB of 5.4 MB · 39 %' */
  uploadingBytes: (sent: string, size: string, percent: number) =>
    `Uploading ${sent} of ${size} · ${percent} %`,
  /** What a screen reader hears while bytes go: every quarter, not every byte. */
  uploadedPercent: (percent: number) => `${percent} % uploaded`,
  finishing: "Almost done",
  uploadProgress: "Upload progress",
  cancelUpload: "Cancel upload",
  uploadCancelled: "Upload cancelled. Nothing was saved.",
} as const;
