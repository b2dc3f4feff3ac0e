import { IMAGE_SIGNATURE_BYTES, imageKindOf, messages, webSellingMessages } from "@katale/domain";
import { ArrowLeft, ArrowRight, ImagePlus, X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useMediaUrl } from "../media/use-media-url.js";

/** An image of the form: one the product already has (its path), or a file picked just now. */
export type PickedImage =
  | { readonly key: string; readonly kind: "kept"; readonly path: string }
  | { readonly key: string; readonly kind: "new"; readonly file: File };

let nextKey = 0;
/** The product's own images, in order, as the picker's first items. */
export function keptImages(paths: readonly string[]): PickedImage[] {
  return paths.map((path) => ({ key: `kept-${++nextKey}`, kind: "kept", path }));
}
function picked(file: File): PickedImage {
  return { key: `new-${++nextKey}`, kind: "new", file };
}

/** A picked file's preview URL for as long as the preview shows. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (file === null) return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

type Action = "earlier" | "later" | "remove";

/**
 * The images of a product (spec §2): add up to `max` files, see them, move them earlier or later
 * with buttons (the first is the display image), remove them. Every change is read out.
 */
export function ProductFormImages({
  label,
  value,
  onChange,
  max,
  error,
  hint,
  disabled = false,
}: {
  label: string;
  value: readonly PickedImage[];
  onChange: (images: PickedImage[]) => void;
  max: number;
  error?: string | undefined;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  const text = webSellingMessages;
  const [said, setSaid] = useState("");
  const [refused, setRefused] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const input = useRef<HTMLInputElement>(null);
  const [focusNext, setFocusNext] = useState<{ key: string; action: Action } | null>(null);

  // After a move the same button of the moved image keeps the focus (or its twin at an end);
  // after a removal the next image's Remove, or the Add button.
  useEffect(() => {
    if (focusNext === null) return;
    setFocusNext(null);
    const button = buttons.current.get(`${focusNext.key}:${focusNext.action}`);
    if (button && !button.disabled) return button.focus();
    const twin = focusNext.action === "earlier" ? "later" : "earlier";
    const other = buttons.current.get(`${focusNext.key}:${twin}`);
    if (other && !other.disabled) return other.focus();
    (buttons.current.get(`${focusNext.key}:remove`) ?? input.current)?.focus();
  }, [focusNext]);

  function move(index: number, by: -1 | 1) {
    const to = index + by;
    const item = value[index];
    if (item === undefined || to < 0 || to >= value.length) return;
    const next = [...value];
    next.splice(index, 1);
    next.splice(to, 0, item);
    onChange(next);
    setSaid(text.imageMoved(to + 1));
    setFocusNext({ key: item.key, action: by < 0 ? "earlier" : "later" });
  }

  function remove(index: number) {
    const next = value.filter((_, i) => i !== index);
    onChange(next);
    setSaid(text.imageRemoved);
    const after = next[index] ?? next[index - 1];
    if (after) setFocusNext({ key: after.key, action: "remove" });
    else input.current?.focus();
  }

  /** Only files whose bytes start an image: a browser types a text file named `.png` as a PNG. */
  async function add(files: File[]) {
    const starts = await Promise.all(
      files.map(async (file) => new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer())),
    );
    const images = files.filter((_, i) => imageKindOf(starts[i]!) !== null);
    const room = Math.max(0, max - value.length);
    const taken = images.slice(0, room);
    setRefused(
      images.length < files.length
        ? text.notAnImage
        : taken.length < images.length
          ? `${messages.selling.imagesTooMany}. ${text.imagesLeftOut(room)}`
          : null,
    );
    if (taken.length === 0) return;
    onChange([...value, ...taken.map(picked)]);
    setSaid(text.imagesAdded(taken.length));
  }

  const full = value.length >= max;
  const message = error ?? refused;
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={`${id}-hint ${id}-message`}>
      <legend className="text-sm font-medium text-gray-800">
        {label} <span className="font-normal text-gray-600">({text.imagesCount(value.length, max)})</span>
      </legend>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-gray-600">
          {hint}
        </p>
      )}
      {value.length > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {value.map((image, index) => (
            <li key={image.key} className="flex min-w-0 flex-col gap-1">
              <ImageTile image={image} position={index + 1} />
              <div className={`flex gap-1 ${max > 1 ? "justify-between" : "justify-end"}`}>
                {(
                  [
                    ["earlier", text.moveEarlier(index + 1), ArrowLeft, index === 0, () => move(index, -1)],
                    [
                      "later",
                      text.moveLater(index + 1),
                      ArrowRight,
                      index === value.length - 1,
                      () => move(index, 1),
                    ],
                    ["remove", text.removeImage(index + 1), X, false, () => remove(index)],
                  ] as const
                )
                  // One image only (a service banner): nothing to reorder.
                  .filter(([action]) => max > 1 || action === "remove")
                  .map(([action, name, Icon, atEnd, run]) => (
                    <button
                      key={action}
                      type="button"
                      ref={(element) => {
                        const k = `${image.key}:${action}`;
                        if (element) buttons.current.set(k, element);
                        else buttons.current.delete(k);
                      }}
                      className={`icon-button rounded-lg ring-1 ring-gray-300 disabled:opacity-40 ${action === "remove" ? "text-red-700" : ""}`}
                      aria-label={name}
                      title={name}
                      disabled={disabled || atEnd}
                      onClick={run}
                    >
                      <Icon aria-hidden="true" size={18} />
                    </button>
                  ))}
              </div>
            </li>
          ))}
        </ol>
      )}
      <label
        className={`flex min-h-20 w-full items-center justify-center gap-2 rounded-lg border-2 border-dashed bg-white px-3 text-sm font-medium text-gray-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700 ${
          full || disabled
            ? "cursor-not-allowed opacity-60"
            : "cursor-pointer hover:border-brand-700 hover:text-brand-700"
        } ${message ? "border-red-600" : "border-gray-300"}`}
      >
        <ImagePlus aria-hidden="true" size={22} />
        {text.addImages}
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic,image/heif"
          multiple={max > 1}
          className="sr-only"
          disabled={full || disabled}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-message`}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = "";
            void add(files);
          }}
        />
      </label>
      {message && (
        <p id={`${id}-message`} className="text-sm text-red-700" role="alert">
          {message}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
    </fieldset>
  );
}

function ImageTile({ image, position }: { image: PickedImage; position: number }) {
  const media = useMediaUrl();
  const fileUrl = useObjectUrl(image.kind === "new" ? image.file : null);
  const src = image.kind === "kept" ? media(image.path) : fileUrl;
  const text = webSellingMessages;
  return (
    <div className="relative aspect-square overflow-hidden rounded-lg bg-gray-100 ring-1 ring-gray-200">
      {src && (
        <img
          src={src}
          alt={text.imageAlt(position)}
          className="h-full w-full object-cover"
          width={240}
          height={240}
        />
      )}
      <span className="absolute top-1 left-1 rounded bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white">
        {position === 1 ? text.displayImage : position}
      </span>
    </div>
  );
}
