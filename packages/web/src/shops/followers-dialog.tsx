import { errorMessage, messages } from "@katale/domain";
import { X } from "lucide-react";
import { useEffect, useRef } from "react";
import { EmptyState } from "../ui/empty-state.js";
import { ResponsiveImage } from "../ui/responsive-image.js";
import { Spinner } from "../ui/spinner.js";
import { useFollowers } from "./use-shops.js";

/** The clickable followers list of a shop page. */
export function FollowersDialog({ shopId, onClose }: { shopId: number; onClose: () => void }) {
  const query = useFollowers(shopId, true);
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);
  const result = query.data;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="followers-title"
        className="relative max-h-[80vh] w-full max-w-sm overflow-y-auto rounded-xl bg-white p-5 shadow-xl"
      >
        <button
          ref={closeButton}
          type="button"
          className="icon-button absolute top-2 right-2"
          aria-label={messages.web.close}
          onClick={onClose}
        >
          <X aria-hidden="true" size={20} />
        </button>
        <h2 id="followers-title" className="section-title mb-3">
          {messages.web.followers}
        </h2>
        {result === undefined ? (
          <Spinner />
        ) : !result.ok ? (
          <EmptyState>{errorMessage(result.error)}</EmptyState>
        ) : result.value.followers.length === 0 ? (
          <EmptyState>0</EmptyState>
        ) : (
          <ul className="flex flex-col gap-3">
            {result.value.followers.map((follower, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: followers have no id and names repeat
              <li key={`${follower.name}-${i}`} className="flex items-center gap-3">
                <ResponsiveImage
                  path={follower.profilePicture}
                  alt=""
                  width={40}
                  height={40}
                  sizes="40px"
                  className="h-10 w-10 rounded-full object-cover"
                />
                <span>{follower.name}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
