import { errorMessage, messages } from "@katale/domain";
import { Dialog } from "../ui/dialog.js";
import { EmptyState } from "../ui/empty-state.js";
import { ResponsiveImage } from "../ui/responsive-image.js";
import { Spinner } from "../ui/spinner.js";
import { useFollowers } from "./use-shops.js";

/** The clickable followers list of a shop page. */
export function FollowersDialog({ shopId, onClose }: { shopId: number; onClose: () => void }) {
  const query = useFollowers(shopId, true);
  const result = query.data;
  return (
    <Dialog title={messages.web.followers} onClose={onClose}>
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
    </Dialog>
  );
}
