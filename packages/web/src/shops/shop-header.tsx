import { messages, type ShopPage } from "@katale/domain";
import { MessageCircle } from "lucide-react";
import { useCallback, useState } from "react";
import { useLoginPrompt } from "../auth/login-prompt-context.js";
import { ResponsiveImage } from "../ui/responsive-image.js";
import { VerifiedBadge } from "../ui/verified-badge.js";
import { FollowersDialog } from "./followers-dialog.js";

/** Cover, logo, name, verified badge, bio, followers (clickable), item count, Chat and Follow. */
export function ShopHeader({ page }: { page: ShopPage }) {
  const { shop } = page;
  const promptLogin = useLoginPrompt();
  const [showFollowers, setShowFollowers] = useState(false);
  const close = useCallback(() => setShowFollowers(false), []);
  return (
    <header className="overflow-hidden rounded-2xl border border-gray-200 bg-white">
      <ResponsiveImage
        path={shop.coverImage}
        alt=""
        width={1200}
        height={300}
        sizes="(min-width: 1280px) 1248px, 100vw"
        priority
        className="aspect-[4/1] w-full bg-gray-100 object-cover"
      />
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-end">
        <ResponsiveImage
          path={shop.displayImage}
          alt=""
          width={96}
          height={96}
          sizes="96px"
          priority
          className="-mt-14 h-24 w-24 shrink-0 rounded-full border-4 border-white bg-white object-cover"
        />
        <div className="min-w-0 flex-1">
          <h1 className="flex items-center gap-2 text-xl font-semibold sm:text-2xl">
            <span className="truncate">{shop.name}</span>
            <VerifiedBadge status={shop.verificationStatus} size={22} />
          </h1>
          {shop.bio !== "" && <p className="mt-1 text-gray-700">{shop.bio}</p>}
          <p className="mt-2 flex flex-wrap gap-4 text-sm text-gray-700">
            <button
              type="button"
              className="underline hover:text-brand-700"
              onClick={() => setShowFollowers(true)}
            >
              <strong>{page.numberOfFollowers ?? 0}</strong> {messages.web.followers}
            </button>
            <span>
              <strong>{page.numberOfProducts}</strong> {messages.web.items}
            </span>
          </p>
        </div>
        {!page.isOwner && (
          <div className="flex gap-2">
            <button type="button" className="btn-primary" onClick={promptLogin}>
              <MessageCircle aria-hidden="true" size={18} />
              {messages.shops.chat}
            </button>
            <button type="button" className="btn-secondary" onClick={promptLogin}>
              {messages.shops.follow}
            </button>
          </div>
        )}
      </div>
      {showFollowers && <FollowersDialog shopId={shop.id} onClose={close} />}
    </header>
  );
}
