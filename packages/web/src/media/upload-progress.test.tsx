// @vitest-environment happy-dom
import { uploadMessages } from "@katale/domain";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { UploadProgress } from "./upload-progress.js";

afterEach(cleanup);

describe("the upload progress", () => {
  it("keeps one polite region on the page, so the first step is read out too", () => {
    const { rerender } = render(<UploadProgress stage={null} onCancel={() => {}} />);
    const region = screen.getByRole("status");
    expect(region.getAttribute("aria-live")).toBe("polite");
    expect(region.textContent).toBe("");
    expect(screen.queryByRole("progressbar")).toBeNull();

    rerender(<UploadProgress stage={{ step: "resizing", current: 1, total: 1 }} onCancel={() => {}} />);
    expect(screen.getByRole("status")).toBe(region);
    expect(region.textContent).toBe("Resizing the picture");
    const bar = screen.getByRole("progressbar", { name: uploadMessages.uploadProgress });
    expect(bar.getAttribute("aria-valuetext")).toBe("Resizing the picture");
    expect(screen.getByRole("button", { name: uploadMessages.cancelUpload })).toBeTruthy();

    rerender(<UploadProgress stage={{ step: "uploading", total: 1 }} onCancel={() => {}} />);
    expect(screen.getByRole("status")).toBe(region);
    expect(region.textContent).toBe(uploadMessages.uploading);

    rerender(<UploadProgress stage={null} onCancel={() => {}} />);
    expect(screen.getByRole("status")).toBe(region);
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("shows no Cancel when nothing can be cancelled", () => {
    render(<UploadProgress stage={{ step: "uploading", total: 2 }} />);
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("0");
    expect(screen.queryByRole("button")).toBeNull();
  });
});
