import { err, type Result, webSellingMessages } from "@katale/domain";
import { useCallback, useRef, useState } from "react";
import { beginUploads, type UploadSession } from "../app/upload-aware-fetch.js";
import type { FormFailure } from "../ui/form-failure.js";
import type { UploadStage } from "./product-form-upload.js";

/** The cancelled upload's line, so a form can keep it on screen (it is no error of the user's). */
export const uploadCancelledFailure: FormFailure = {
  kind: "network",
  message: webSellingMessages.uploadCancelled,
};

/**
 * One form's uploads as one user action: the stage for the progress bar, and Cancel. `run` sends;
 * after Cancel the pictures still waiting are not resized, the request on the way is aborted and
 * not retried, and a failed answer reads 'Upload cancelled. Nothing was saved.'. A create the
 * server already finished stays done: its success is shown as usual.
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
