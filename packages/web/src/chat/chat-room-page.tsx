import { useSearchParams } from "react-router";
import NotFoundPage from "../ui/not-found-page.js";
import { ChatRoom } from "./chat-room.js";

/** /account/chat-room?room=SLUG[&product=SLUG]: one chat room (spec §2). */
export default function ChatRoomPage() {
  const [params] = useSearchParams();
  const slug = params.get("room");
  if (slug === null || slug === "") return <NotFoundPage />;
  return (
    <div className="page max-w-3xl py-2 sm:py-4">
      <ChatRoom key={slug} slug={slug} productSlug={params.get("product") ?? undefined} />
    </div>
  );
}
