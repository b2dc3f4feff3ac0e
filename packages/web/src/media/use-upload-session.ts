import { err, type ImageUpload, type Result, uploadMessages } from "@katale/domain";
import { useCallback, useRef, useState } from "react";
import { beginUploads, type UploadSession } from "../app/upload-aware-fetch.js";
import type { FormFailure } from "../ui/form-failure.js";
import { downscaleImage } from "./downscale-image.js";

/** Where sending pictures stands: resizing image k of n, then uploading. */
export type UploadStage =
  | { readonly step: "resizing"; readonly current: number; readonly total: number }
  | { readonly step: "uploading"; readonly total: number };

/** The cancelled upload's line, so a screen can keep it on show (it is no error of the user's). */
export const uploadCancelledFailure: FormFailure = {
  kind: "network",
  message: uploadMessages.uploadCancelled,
};

/**
 * One user action's uploads (a form sent, a chat photo, a new avatar): the stage for the progress
 * bar (media/upload-progress.tsx), and Cancel. `run` sends; after Cancel the pictures still waiting
 * are not resized, the request on the way is aborted and not retried, and a failed answer reads
 * 'Upload cancelled. Nothing was saved.'. A create the server already finished stays done: its
 * success is shown as usual.
 */
export function useUploadSession() {
  const [stage, setStage] = useState<UploadStage | null>(null);
  const current = useRef<UploadSession | null>(null);

  const run = useCallback(
    async <T>(
      send: (
        onStage: (stage: UploadStage) => void,
        cancelled: () => boolean,
      ) => Promise<Result<T, FormFailure>>,
    ): Promise<Result<T, FormFailure>> => {
      const session = beginUploads();
      current.current = session;
      try {
        const answer = await send(setStage, () => session.cancelled);
        return !answer.ok && session.cancelled ? err(uploadCancelledFailure) : answer;
      } finally {
        session.end();
        if (current.current === session) current.current = null;
        setStage(null);
      }
    },
    [],
  );

  const cancel = useCallback(() => current.current?.cancel(), []);
  return { stage, run, cancel };
}

/**
 * One picked picture made ready as one user action's first step: shrunk (media/image-resize.ts),
 * with the stage shown. Throws an AbortError once cancelled meanwhile (`run` turns the failure into
 * 'Upload cancelled').
 */
export async function resizeForUpload(
  file: File,
  onStage: (stage: UploadStage) => void,
  cancelled: () => boolean,
): Promise<ImageUpload> {
  onStage({ step: "resizing", current: 1, total: 1 });
  const image = await downscaleImage(file);
  if (cancelled()) throw new DOMException("upload cancelled", "AbortError");
  onStage({ step: "uploading", total: 1 });
  return image;
}
