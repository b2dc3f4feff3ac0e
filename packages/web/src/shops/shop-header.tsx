import { findMessages, messages, type ShopPage } from "@katale/domain";
import { MapPin, MessageCircle } from "lucide-react";
import { useCallback, useState } from "react";
import { useOpenChat } from "../chat/use-open-chat.js";
import { FollowButton } from "../engagement/follow-button.js";
import { ReportButton } from "../moderation/report-button.js";
import { ResponsiveImage } from "../ui/responsive-image.js";
import { VerifiedBadge } from "../ui/verified-badge.js";
import { FollowersDialog } from "./followers-dialog.js";

/** Cover, logo, name, verified badge, bio, followers (clickable), item count, Chat and Follow. */
export function ShopHeader({ page }: { page: ShopPage }) {
  const { shop } = page;
  const chat = useOpenChat(shop.id);
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
      {/* The logo sits under the cover, never on it: covers often carry words (the shop's town) near
          the bottom left, and on a phone the cover is only a strip. Phone: logo beside the name,
          the rest full width under them. Wider: logo, details, then Chat and Follow on one row. */}
      <div className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 p-4 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:items-end">
        <ResponsiveImage
          path={shop.displayImage}
          alt=""
          width={96}
          height={96}
          sizes="(min-width: 640px) 96px, 64px"
          priority
          className="h-16 w-16 shrink-0 rounded-full border border-gray-200 bg-white object-cover sm:row-span-2 sm:h-24 sm:w-24"
        />
        <h1 className="flex min-w-0 items-center gap-2 text-xl font-semibold sm:text-2xl">
          <span className="min-w-0 break-words sm:truncate">{shop.name}</span>
          <VerifiedBadge status={shop.verificationStatus} size={22} />
        </h1>
        <div className="col-span-2 min-w-0 sm:col-span-1 sm:col-start-2">
          {shop.bio !== "" && <p className="text-gray-700">{shop.bio}</p>}
          <p className="mt-2 flex flex-wrap gap-4 text-sm text-gray-700">
            <button
              type="button"
              className="underline hover:text-brand-700"
              onClick={() => setShowFollowers(true)}
            >
              <strong>{page.numberOfFollowers ?? 0}</strong>{" "}
              {messages.web.followerCount(page.numberOfFollowers ?? 0)}
            </button>
            <span>
              <strong>{page.numberOfProducts}</strong> {messages.web.itemCount(page.numberOfProducts)}
            </span>
            {shop.district && (
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden="true" size={16} className="text-brand-700" />
                {findMessages.inDistrict(shop.district)}
              </span>
            )}
          </p>
        </div>
        {!page.isOwner && (
          <div className="col-span-2 flex gap-2 sm:col-span-1 sm:col-start-3 sm:row-span-2 sm:row-start-1">
            <button type="button" className="btn-primary" onClick={chat.open} aria-busy={chat.pending}>
              <MessageCircle aria-hidden="true" size={18} />
              {messages.shops.chat}
            </button>
            <FollowButton shop={shop} />
            <ReportButton target="shop" targetId={shop.id} className="self-center" />
          </div>
        )}
      </div>
      {showFollowers && <FollowersDialog shopId={shop.id} onClose={close} />}
    </header>
  );
}
