import { uploadMessages } from "@katale/domain";
import { useEffect, useState } from "react";
import { onUploadProgress } from "../app/upload-aware-fetch.js";
import type { UploadStage } from "./use-upload-session.js";

/** 1536 -> "1.5 KB", 2_500_000 -> "2.4 MB". */
function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n < 10 * 1024 ? 1 : 0)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

type Sent = { readonly sent: number; readonly size: number };

/** The bar's percent, the line shown, and what a screen reader hears (every quarter, not every byte). */
function progressOf(
  stage: UploadStage,
  sent: Sent | null,
): { percent: number; label: string; spoken: string } {
  const text = uploadMessages;
  if (stage.step === "resizing") {
    const label = text.resizing(stage.current, stage.total);
    return { percent: Math.round((100 * (stage.current - 1)) / stage.total), label, spoken: label };
  }
  if (sent === null || sent.size === 0) return { percent: 0, label: text.uploading, spoken: text.uploading };
  const percent = Math.min(100, Math.floor((100 * sent.sent) / sent.size));
  if (sent.sent >= sent.size) return { percent, label: text.finishing, spoken: text.finishing };
  const quarter = Math.floor(percent / 25) * 25;
  return {
    percent,
    label: text.uploadingBytes(bytes(sent.sent), bytes(sent.size), percent),
    spoken: quarter === 0 ? text.uploading : text.uploadedPercent(quarter),
  };
}

/**
 * How far sending pictures has come, for slow networks: one step per image resized, then the bytes
 * sent and their percent (the browser's multipart requests report them; without a report the bar
 * pulses until the answer). A screen reader hears the steps politely, and the percent once a
 * quarter. `onCancel` shows a Cancel button until every byte is sent. While `stage` is null only
 * the (empty, unseen) polite region is there.
 */
export function UploadProgress({
  stage,
  onCancel,
  className = "",
}: {
  stage: UploadStage | null;
  onCancel?: () => void;
  className?: string;
}) {
  const [sent, setSent] = useState<Sent | null>(null);
  const uploading = stage?.step === "uploading";
  useEffect(() => {
    if (!uploading) return;
    setSent(null);
    return onUploadProgress((done, size) => setSent({ sent: done, size }));
  }, [uploading]);
  const shown = stage === null ? null : progressOf(stage, sent);
  // The polite region stays on the page (absolute and unseen: no gap in a flex column), so the
  // first step is read out as well as the next ones.
  const region = (
    <p role="status" aria-live="polite" className="sr-only">
      {shown?.spoken}
    </p>
  );
  // The bar or nothing, then the region: the same place in the tree, so it is never mounted anew.
  if (stage === null || shown === null)
    return (
      <>
        {null}
        {region}
      </>
    );
  const waiting = stage.step === "uploading" && (sent === null || sent.sent >= sent.size);
  // Once every byte is out the server may already be saving: Cancel could no longer promise that
  // nothing was saved, so it goes.
  const sentAll = uploading && sent !== null && sent.size > 0 && sent.sent >= sent.size;
  const cancellable = onCancel !== undefined && !sentAll;
  return (
    <>
      <div className={`flex flex-col gap-1 ${className}`}>
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm text-gray-700 tabular-nums" aria-hidden="true">
            {shown.label}
          </p>
          {cancellable && (
            <button type="button" className="btn-secondary shrink-0" onClick={onCancel}>
              {uploadMessages.cancelUpload}
            </button>
          )}
        </div>
        <div
          role="progressbar"
          aria-label={uploadMessages.uploadProgress}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={shown.percent}
          aria-valuetext={shown.label}
          className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
        >
          <div
            className={`h-full rounded-full bg-brand-700 transition-[width] duration-300 ${waiting ? "animate-pulse" : ""}`}
            style={{ width: `${Math.max(shown.percent, 4)}%` }}
          />
        </div>
      </div>
      {region}
    </>
  );
}
