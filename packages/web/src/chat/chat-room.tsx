import {
  type ChatRoom as ChatRoomData,
  chatBlockingMessages,
  chatOutboxMessages,
  chatPartner,
  errorMessage,
  formatDayLabel,
  formatTime,
  formatUgx,
  messages,
  type PendingMessage,
  reportingMessages,
} from "@katale/domain";
import { ArrowLeft, CircleAlert, Clock, ImagePlus, LoaderCircle, SendHorizontal, X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useSession } from "../auth/use-session.js";
import { UploadProgress } from "../media/upload-progress.js";
import { useMediaUrl } from "../media/use-media-url.js";
import { ReportButton } from "../moderation/report-button.js";
import { SafetyNote } from "../support/safety-note.js";
import { ErrorState } from "../ui/error-state.js";
import NotFoundPage from "../ui/not-found-page.js";
import { ResponsiveImage } from "../ui/responsive-image.js";
import { Spinner } from "../ui/spinner.js";
import { ChatAvatar } from "./chat-avatar.js";
import { BlockedComposer, ChatRoomMenu } from "./chat-room-menu.js";
import {
  type ConnectionState,
  type ShownMessage,
  useAttachedProduct,
  useChatNow,
  useChatRoom,
} from "./use-chat.js";

/**
 * A chat room (spec §2, §4): the other party, the messages grouped by sender and day (own right in
 * red, others left in grey, 12-hour times, 'now' for live ones), product cards, and the text box.
 * `productSlug`: the product whose card goes with the first message ('Message Seller'). `backTo` and
 * `closeTo`: where the header's back and close go (the chat list page by default; the Chats popup and
 * the page under the overlay). `className`: the room's size (the page's by default).
 */
export function ChatRoom({
  slug,
  productSlug,
  headingId,
  backTo = "/account/chat",
  closeTo = "/account/chat",
  // The offline banner, when shown, takes its height off the room's (the text box stays in view).
  className = "h-[calc(100dvh_-_9rem_-_var(--offline-banner-height,0px))] min-h-96 rounded-2xl border border-gray-200 md:h-[calc(100dvh_-_8rem_-_var(--offline-banner-height,0px))]",
}: {
  slug: string;
  productSlug?: string;
  headingId?: string;
  backTo?: string;
  closeTo?: string;
  className?: string;
}) {
  const {
    room,
    history,
    messages: shown,
    state,
    send,
    pending,
    retry,
    discard,
    refusal,
    older,
    loadOlder,
    sendPhoto,
    sendingPhoto,
    photoStage,
    cancelPhoto,
    blockedBy,
    savedAt,
  } = useChatRoom(slug);
  const { userId } = useSession();
  const [attached, setAttached] = useState(productSlug);
  useEffect(() => setAttached(productSlug), [productSlug]);
  const result = history.data;
  if (result === undefined) return <Spinner className="min-h-[50vh]" />;
  if (!result.ok) {
    return result.error.kind === "not-found" ? (
      <NotFoundPage />
    ) : (
      <ErrorState message={errorMessage(result.error)} onRetry={() => history.refetch()} />
    );
  }
  const viewer = userId ?? 0;
  const partner = chatPartner(room ?? result.value, viewer);
  return (
    <section className={`flex flex-col overflow-hidden bg-white ${className}`}>
      <RoomHeader
        room={room ?? result.value}
        viewerId={viewer}
        headingId={headingId}
        backTo={backTo}
        closeTo={closeTo}
        blockedByYou={blockedBy === "you"}
        presence={state === "open" ? "available" : savedAt === undefined ? "unknown" : "saved"}
      />
      {/* A shopper's first visit to a room with a shop: money is about to be discussed. */}
      {!partner.isCustomer && <FirstVisitSafetyNote empty={result.value.messages.length === 0} />}
      <MessageList
        shown={shown}
        pending={pending}
        onRetry={retry}
        onDelete={discard}
        viewerId={viewer}
        partnerName={partner.name}
        older={older}
        onOlder={loadOlder}
      />
      {refusal !== null && (
        <p role="alert" className="border-t border-gray-200 bg-brand-50 px-4 py-2 text-sm text-brand-800">
          {refusal}
        </p>
      )}
      {blockedBy !== null ? (
        <BlockedComposer slug={slug} partner={partner.name} blockedBy={blockedBy} />
      ) : (
        <>
          {attached !== undefined && (
            <AttachedProduct slug={attached} onRemove={() => setAttached(undefined)} />
          )}
          <UploadProgress
            stage={photoStage}
            onCancel={cancelPhoto}
            className="border-t border-gray-200 px-3 py-2 sm:px-4"
          />
          <Composer
            state={state}
            sendingPhoto={sendingPhoto}
            onPhoto={(file) => void sendPhoto(file)}
            onSend={(text) => {
              const sent = send(text, attached);
              if (sent) setAttached(undefined);
              return sent;
            }}
          />
        </>
      )}
    </section>
  );
}

function RoomHeader({
  room,
  viewerId,
  headingId,
  backTo,
  closeTo,
  blockedByYou,
  presence,
}: {
  room: ChatRoomData;
  viewerId: number;
  headingId: string | undefined;
  backTo: string;
  closeTo: string;
  blockedByYou: boolean;
  /**
   * 'Available' only while the room's connection is open; the phone's copy (offline) says so and
   * claims nothing of the other side; nothing while connecting or down.
   */
  presence: "available" | "saved" | "unknown";
}) {
  const partner = chatPartner(room, viewerId);
  return (
    <header className="flex items-center gap-3 border-b border-gray-200 px-2 py-2 sm:px-4">
      <Link
        to={backTo}
        aria-label={messages.chat.back}
        className="inline-flex h-11 w-11 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100"
      >
        <ArrowLeft aria-hidden="true" size={20} />
      </Link>
      <ChatAvatar picture={partner.picture} size={40} />
      <div className="min-w-0 flex-1">
        <h1 id={headingId} className="truncate font-semibold text-gray-900">
          {partner.name}
        </h1>
        {blockedByYou ? (
          <p className="text-xs text-gray-600">{chatBlockingMessages.blockedState}</p>
        ) : presence === "available" ? (
          <p className="text-xs text-green-700">{messages.chat.available}</p>
        ) : (
          <p className="h-4 text-xs text-gray-600">
            {presence === "saved" ? chatOutboxMessages.savedCopy : ""}
          </p>
        )}
      </div>
      <ChatRoomMenu slug={room.slug} partner={partner.name} blockedByYou={blockedByYou} />
      <Link
        to={closeTo}
        aria-label={messages.chat.close}
        className="inline-flex h-11 w-11 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100"
      >
        <X aria-hidden="true" size={20} />
      </Link>
    </header>
  );
}

/** The safety note, when the room was empty as it opened (the first time), until "Got it". */
function FirstVisitSafetyNote({ empty }: { empty: boolean }) {
  const [shown, setShown] = useState(empty);
  if (!shown) return null;
  return (
    <SafetyNote
      newTab
      onDismiss={() => setShown(false)}
      className="m-2 max-h-[40%] shrink-0 overflow-y-auto sm:mx-4"
    />
  );
}

/** Messages in runs by the same sender on the same day, a day line where the day changes. */
function MessageList({
  shown,
  pending,
  onRetry,
  onDelete,
  viewerId,
  partnerName,
  older,
  onOlder,
}: {
  shown: readonly ShownMessage[];
  /** The outbox: after the conversation, as the user's own, each waiting or failed. */
  pending: readonly PendingMessage[];
  onRetry: (clientId: string) => void;
  onDelete: (clientId: string) => void;
  viewerId: number;
  partnerName: string;
  older: "more" | "loading" | "none";
  onOlder: () => void;
}) {
  const today = useChatNow();
  const end = useRef<HTMLDivElement>(null);
  // Down to the newest when one arrives or is typed (not when older ones are put above).
  const newest = shown.at(-1)?.createdAt;
  const waiting = pending.length;
  useEffect(() => {
    if (newest !== undefined || waiting > 0) end.current?.scrollIntoView?.({ block: "end" });
  }, [newest, waiting]);
  const groups: { day: string; senderId: number; items: ShownMessage[] }[] = [];
  for (const m of shown) {
    const day = formatDayLabel(new Date(m.createdAt), today);
    const last = groups.at(-1);
    if (last !== undefined && last.day === day && last.senderId === m.senderId) last.items.push(m);
    else groups.push({ day, senderId: m.senderId, items: [m] });
  }
  return (
    <div className="flex-1 overflow-y-auto bg-gray-50 px-3 py-4 sm:px-6" aria-live="polite">
      {older !== "none" && (
        <p className="text-center">
          <button type="button" className="btn-link" onClick={onOlder} aria-busy={older === "loading"}>
            {messages.chat.earlier}
          </button>
        </p>
      )}
      {shown.length === 0 && pending.length === 0 && older === "none" && (
        <p className="mt-8 text-center text-sm text-gray-500">{messages.chat.startChat}</p>
      )}
      {groups.map((group, i) => {
        const own = group.senderId === viewerId;
        const newDay = i === 0 || groups[i - 1]?.day !== group.day;
        return (
          <div key={`${group.items[0]?.createdAt}-${group.senderId}`}>
            {newDay && (
              <p className="my-3 text-center text-xs font-medium text-gray-500">
                <span className="rounded-full bg-white px-3 py-1 shadow-sm">{group.day}</span>
              </p>
            )}
            <ul
              data-testid="message-group"
              data-own={own}
              className={`mb-3 flex flex-col gap-1 ${own ? "items-end" : "items-start"}`}
            >
              {group.items.map((m) => (
                <li
                  key={`${m.createdAt}-${m.message}-${m.image ?? ""}`}
                  className="group flex max-w-[85%] flex-col gap-1 sm:max-w-[70%]"
                >
                  {m.product != null && <ProductCard product={m.product} own={own} />}
                  {m.image != null && (
                    <Photo
                      path={m.image}
                      alt={own ? messages.chat.picture : messages.chat.pictureFrom(partnerName)}
                      own={own}
                    />
                  )}
                  {m.message !== "" && (
                    <p
                      className={`whitespace-pre-wrap break-words rounded-2xl px-3 py-2 ${
                        own
                          ? "self-end rounded-br-sm bg-brand-700 text-white"
                          : "self-start rounded-bl-sm bg-gray-200 text-gray-900"
                      }`}
                    >
                      {m.message}
                    </p>
                  )}
                  <MessageFooter message={m} own={own} partnerName={partnerName} />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
      {pending.length > 0 && (
        <ul data-testid="outbox" className="mb-3 flex flex-col items-end gap-2">
          {pending.map((p) => (
            <PendingItem key={p.clientId} entry={p} onRetry={onRetry} onDelete={onDelete} />
          ))}
        </ul>
      )}
      <div ref={end} />
    </div>
  );
}

/**
 * A message's time and, on the other side's messages, its "Report" entry: always there on a phone,
 * shown on hover or keyboard focus from the small breakpoint up (it never takes the time's place).
 */
function MessageFooter({
  message: m,
  own,
  partnerName,
}: {
  message: ShownMessage;
  own: boolean;
  partnerName: string;
}) {
  const time = m.live ? messages.common.now : formatTime(new Date(m.createdAt));
  const timeLine = (
    <time dateTime={m.createdAt} className={`text-xs text-gray-500 ${own ? "self-end" : "self-start"}`}>
      {time}
    </time>
  );
  if (own || m.id === undefined) return timeLine;
  return (
    <div className="flex items-center gap-3 self-start">
      {timeLine}
      <ReportButton
        target="message"
        targetId={m.id}
        label={reportingMessages.reportMessage(partnerName, formatTime(new Date(m.createdAt)))}
        className="min-h-6 text-xs! sm:opacity-0 sm:group-hover:opacity-100 sm:group-focus-within:opacity-100"
      />
    </div>
  );
}

/** A message of the outbox: 'Waiting to send' until the service has it; 'Couldn't send' with Retry and Delete. */
function PendingItem({
  entry,
  onRetry,
  onDelete,
}: {
  entry: PendingMessage;
  onRetry: (clientId: string) => void;
  onDelete: (clientId: string) => void;
}) {
  const failed = entry.failed !== undefined;
  return (
    <li data-testid="outbox-message" className="flex max-w-[85%] flex-col items-end gap-1 sm:max-w-[70%]">
      <p
        className={`whitespace-pre-wrap break-words rounded-2xl rounded-br-sm border px-3 py-2 text-gray-900 ${
          failed ? "border-brand-700 bg-brand-50" : "border-dashed border-gray-400 bg-white"
        }`}
      >
        {entry.text}
      </p>
      {failed ? (
        <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1 text-xs">
          <span className="inline-flex items-center gap-1 font-medium text-brand-800">
            <CircleAlert aria-hidden="true" size={14} />
            {chatOutboxMessages.failed}
          </span>
          <button
            type="button"
            className="min-h-11 px-1 font-semibold text-brand-700 underline hover:text-brand-800"
            aria-label={chatOutboxMessages.retryLabel(entry.text)}
            onClick={() => onRetry(entry.clientId)}
          >
            {chatOutboxMessages.retry}
          </button>
          <button
            type="button"
            className="min-h-11 px-1 font-semibold text-gray-700 underline hover:text-gray-900"
            aria-label={chatOutboxMessages.deleteLabel(entry.text)}
            onClick={() => onDelete(entry.clientId)}
          >
            {chatOutboxMessages.delete}
          </button>
        </div>
      ) : (
        <span className="inline-flex items-center gap-1 text-xs text-gray-600">
          <Clock aria-hidden="true" size={12} />
          {chatOutboxMessages.waitingToSend}
        </span>
      )}
    </li>
  );
}

function ProductCard({ product, own }: { product: NonNullable<ShownMessage["product"]>; own: boolean }) {
  return (
    <a
      href={`/item/${encodeURIComponent(product.slug)}`}
      target="_blank"
      rel="noopener"
      aria-label={messages.chat.openProduct(product.productName)}
      className={`flex w-60 max-w-full gap-3 overflow-hidden rounded-xl border border-gray-200 bg-white p-2 hover:border-brand-700 ${own ? "self-end" : "self-start"}`}
    >
      <ResponsiveImage
        path={product.images[0] ?? null}
        alt=""
        width={64}
        height={64}
        sizes="64px"
        className="h-16 w-16 shrink-0 rounded-lg bg-gray-100 object-cover"
      />
      <span className="flex min-w-0 flex-col justify-center">
        <span className="line-clamp-2 text-sm font-medium text-gray-900">{product.productName}</span>
        <span className="text-sm font-semibold text-brand-700">{formatUgx(product.price)}</span>
      </span>
    </a>
  );
}

/** A photo of the conversation: a square thumbnail; the whole picture opens in a new tab. */
function Photo({ path, alt, own }: { path: string; alt: string; own: boolean }) {
  const href = useMediaUrl()(path) ?? undefined;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      title={messages.chat.openPicture}
      className={`block overflow-hidden rounded-2xl border border-gray-200 bg-gray-100 ${own ? "self-end" : "self-start"}`}
    >
      <ResponsiveImage
        path={path}
        alt={alt}
        width={240}
        height={240}
        sizes="240px"
        className="h-60 w-60 max-w-full object-cover"
      />
    </a>
  );
}

/** The product 'Message Seller' puts on the first message, shown above the text box until sent. */
function AttachedProduct({ slug, onRemove }: { slug: string; onRemove: () => void }) {
  const product = useAttachedProduct(slug);
  return (
    <div className="flex items-center gap-3 border-t border-gray-200 bg-brand-50 px-3 py-2">
      <ResponsiveImage
        path={product?.images[0] ?? null}
        alt=""
        width={40}
        height={40}
        sizes="40px"
        className="h-10 w-10 shrink-0 rounded bg-gray-100 object-cover"
      />
      <p className="min-w-0 flex-1 text-sm">
        <span className="block text-xs text-gray-600">{messages.chat.withProduct}</span>
        <span className="block truncate font-medium text-gray-900">{product?.name ?? slug}</span>
      </p>
      <button
        type="button"
        onClick={onRemove}
        aria-label={messages.chat.removeProduct}
        className="inline-flex h-11 w-11 items-center justify-center rounded-full text-gray-700 hover:bg-white"
      >
        <X aria-hidden="true" size={18} />
      </button>
    </div>
  );
}

/** The text box: Enter sends (Shift+Enter a new line); disabled with the reason while closed. */
function Composer({
  state,
  onSend,
  sendingPhoto,
  onPhoto,
}: {
  state: ConnectionState;
  onSend: (text: string) => boolean;
  sendingPhoto: boolean;
  onPhoto: (file: File) => void;
}) {
  const [text, setText] = useState("");
  const picker = useRef<HTMLInputElement>(null);
  const open = state === "open";
  // Offline, what is typed waits on the phone and goes once the connection is back.
  const typing = open || state === "offline";
  const title =
    state === "closed"
      ? messages.chat.connectionIssues
      : state === "offline"
        ? chatOutboxMessages.offline
        : undefined;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (onSend(text)) setText("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  if (state === "connecting") {
    return (
      <div
        role="status"
        className="flex items-center justify-center gap-2 border-t border-gray-200 px-3 py-4 text-sm text-gray-600"
      >
        <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin text-brand-700" />
        {messages.chat.connecting}
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="border-t border-gray-200 px-2 py-2 sm:px-4">
      {/* Phones show no titles: the reason is also written above the disabled box. */}
      {(state === "closed" || state === "offline") && (
        <p role="status" className="pb-2 text-center text-xs text-brand-800">
          {title}
        </p>
      )}
      <div className="flex items-end gap-2">
        <button
          type="button"
          disabled={!open || sendingPhoto}
          title={title ?? messages.chat.sendPicture}
          aria-label={messages.chat.sendPicture}
          aria-busy={sendingPhoto}
          onClick={() => picker.current?.click()}
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 disabled:opacity-50"
        >
          {sendingPhoto ? (
            <LoaderCircle aria-hidden="true" size={20} className="animate-spin text-brand-700" />
          ) : (
            <ImagePlus aria-hidden="true" size={20} />
          )}
        </button>
        <input
          ref={picker}
          type="file"
          accept="image/*"
          hidden
          tabIndex={-1}
          aria-label={messages.chat.sendPicture}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file !== undefined) onPhoto(file);
          }}
        />
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          disabled={!typing}
          title={state === "closed" ? title : undefined}
          rows={1}
          aria-label={messages.chat.typeMessage}
          placeholder={messages.chat.typeMessage}
          className="max-h-32 min-h-11 flex-1 resize-none rounded-2xl border border-gray-300 px-3 py-2.5 disabled:bg-gray-100"
        />
        <button
          type="submit"
          disabled={!typing}
          title={state === "closed" ? title : undefined}
          aria-label={messages.chat.send}
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-50"
        >
          <SendHorizontal aria-hidden="true" size={20} />
        </button>
      </div>
    </form>
  );
}
