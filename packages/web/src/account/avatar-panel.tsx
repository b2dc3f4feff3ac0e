import {
  type ActiveUser,
  changePicture,
  err,
  isVerified,
  webAccountMessages,
  webAdminMessages,
} from "@katale/domain";
import { BadgeCheck, Camera, LoaderCircle } from "lucide-react";
import { type ChangeEvent, useId, useState } from "react";
import { useAccountPorts } from "../auth/use-account-ports.js";
import { UploadProgress } from "../media/upload-progress.js";
import { useMediaUrl } from "../media/use-media-url.js";
import { resizeForUpload, useUploadSession } from "../media/use-upload-session.js";
import { type BannerState, Banners } from "../ui/banner.js";
import { failureWords } from "../ui/form-failure.js";

/** The user's picture, or their initials on the brand colour. */
export function Avatar({ user, size }: { user: ActiveUser; size: number }) {
  const url = useMediaUrl()(user.picture);
  if (url !== null) {
    return (
      <img
        src={url}
        alt={webAccountMessages.pictureOf(user.name)}
        width={size}
        height={size}
        className="shrink-0 rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  const initials = user.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join("");
  return (
    <span
      role="img"
      aria-label={webAccountMessages.pictureOf(user.name)}
      className="flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white"
      style={{ width: size, height: size, fontSize: size / 2.6 }}
    >
      {initials}
    </span>
  );
}

/**
 * The avatar-edit panel of /account: picture, name and email, and 'Change picture'
 * ('Image changed successfully' / 'Image upload failed', spec §8). The picture is shrunk before it
 * goes, with the bytes sent shown and a Cancel that changes nothing.
 */
export function AvatarPanel({ user, onChanged }: { user: ActiveUser; onChanged: () => void }) {
  const ports = useAccountPorts();
  const [busy, setBusy] = useState(false);
  const upload = useUploadSession();
  const [banner, setBanner] = useState<BannerState | null>(null);
  const inputId = useId();

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file === undefined) return;
    setBusy(true);
    setBanner(null);
    const answer = await upload.run(async (onStage, cancelled) => {
      try {
        return await changePicture(ports, await resizeForUpload(file, onStage, cancelled));
      } catch {
        return err({ kind: "network" as const });
      }
    });
    setBusy(false);
    if (answer.ok) {
      setBanner({ tone: "success", text: answer.value.message });
      onChanged();
    } else {
      setBanner({ tone: "error", text: failureWords(answer.error).message });
    }
  }

  return (
    <section className="flex flex-col items-center gap-3 rounded-2xl bg-white p-5 text-center shadow-sm ring-1 ring-gray-200">
      <Avatar user={user} size={96} />
      <div className="min-w-0 max-w-full">
        <h1 className="truncate text-xl font-semibold text-gray-900">{user.name}</h1>
        <p className="truncate text-sm text-gray-600">{user.email}</p>
        {isVerified(user.status) && (
          <p className="mt-1 inline-flex items-center gap-1 rounded-full bg-blue-50 px-2.5 py-0.5 text-sm font-medium text-blue-800">
            <BadgeCheck aria-hidden="true" size={16} />
            {webAdminMessages.accountVerified}
          </p>
        )}
      </div>
      <label
        htmlFor={inputId}
        className={`btn-secondary cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700 ${busy ? "pointer-events-none opacity-60" : ""}`}
      >
        {busy ? (
          <LoaderCircle aria-hidden="true" size={18} className="animate-spin" />
        ) : (
          <Camera aria-hidden="true" size={18} />
        )}
        {webAccountMessages.changePicture}
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          disabled={busy}
          aria-busy={busy}
          onChange={pick}
        />
      </label>
      <div className="w-full text-left">
        <UploadProgress stage={upload.stage} onCancel={upload.cancel} className="mb-2" />
        <Banners state={banner} />
      </div>
    </section>
  );
}
