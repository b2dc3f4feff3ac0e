import { type ImageUpload, webAccountMessages } from "@katale/domain";
import { ImagePlus, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { downscaleImage } from "../media/downscale-image.js";
import { readImage } from "./read-image.js";

/**
 * One image picked from the device, shown as a removable preview. Sent at full resolution
 * (verification documents) unless `downscale` (shop pictures): then made small for upload first.
 */
export function ImagePicker({
  label,
  value,
  error,
  downscale = false,
  onChange,
}: {
  label: string;
  value: ImageUpload | null | undefined;
  error?: string | undefined;
  downscale?: boolean;
  onChange: (image: ImageUpload | null) => void;
}) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!value) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(
      new Blob([value.bytes as Uint8Array<ArrayBuffer>], { type: value.contentType }),
    );
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  return (
    <div className="flex flex-col gap-1">
      <span id={`${id}-label`} className="text-sm font-medium text-gray-800">
        {label}
      </span>
      {value && preview ? (
        <div className="relative w-fit">
          <img
            src={preview}
            alt={label}
            width={160}
            height={120}
            className="h-30 w-40 rounded-lg object-cover ring-1 ring-gray-200"
          />
          <button
            type="button"
            className="absolute -top-2 -right-2 flex h-9 w-9 items-center justify-center rounded-full bg-white text-gray-700 shadow ring-1 ring-gray-300 hover:text-brand-700"
            aria-label={`${webAccountMessages.removeImage}: ${label}`}
            onClick={() => onChange(null)}
          >
            <X aria-hidden="true" size={18} />
          </button>
        </div>
      ) : (
        <label
          htmlFor={id}
          className={`flex h-30 w-full cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed bg-white text-sm text-gray-600 hover:border-brand-700 hover:text-brand-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700 sm:w-60 ${error ? "border-red-600" : "border-gray-300"}`}
        >
          <ImagePlus aria-hidden="true" size={24} />
          {webAccountMessages.chooseImage}
          <input
            id={id}
            type="file"
            accept="image/*"
            className="sr-only"
            aria-labelledby={`${id}-label`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-message` : undefined}
            onChange={async (event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) onChange(await (downscale ? downscaleImage : readImage)(file));
            }}
          />
        </label>
      )}
      {error && (
        <p id={`${id}-message`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
