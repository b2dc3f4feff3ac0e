import { chatBlockingMessages } from "@katale/domain";
import { Ban, EllipsisVertical, ShieldCheck } from "lucide-react";
import { useCallback, useId, useRef, useState } from "react";
import { Dialog } from "../ui/dialog.js";
import { useDismiss } from "../ui/use-dismiss.js";
import { useSetChatBlocked } from "./use-chat-blocking.js";

/**
 * The room's menu (the header's ⋮): Block, or Unblock when the viewer blocked the room, each after a
 * confirmation that says what it does.
 */
export function ChatRoomMenu({
  slug,
  partner,
  blockedByYou,
}: {
  slug: string;
  partner: string;
  blockedByYou: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, root, close);
  const words = chatBlockingMessages;
  const action = blockedByYou ? words.unblock : words.block;
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={words.roomMenu}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex h-11 w-11 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100"
      >
        <EllipsisVertical aria-hidden="true" size={20} />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={words.roomMenu}
          className="absolute right-0 top-full z-40 mt-1 w-44 rounded-xl border border-gray-200 bg-white py-2 shadow-lg"
        >
          <button
            type="button"
            role="menuitem"
            // biome-ignore lint/a11y/noAutofocus: a menu opened from the keyboard starts on its item
            autoFocus
            aria-haspopup="dialog"
            className="flex w-full items-center gap-2 px-4 py-2 text-left text-sm text-gray-800 hover:bg-brand-50 hover:text-brand-700"
            onClick={() => {
              setOpen(false);
              setConfirming(true);
            }}
          >
            {blockedByYou ? (
              <ShieldCheck aria-hidden="true" size={18} />
            ) : (
              <Ban aria-hidden="true" size={18} />
            )}
            {action}
          </button>
        </div>
      )}
      {confirming && (
        <ConfirmBlock
          slug={slug}
          partner={partner}
          block={!blockedByYou}
          onClose={() => setConfirming(false)}
          returnFocusTo={() => button.current}
        />
      )}
    </div>
  );
}

/** "Block NAME? …" with Cancel and Block (or the same for Unblock); closes once it is done. */
export function ConfirmBlock({
  slug,
  partner,
  block,
  onClose,
  returnFocusTo,
}: {
  slug: string;
  partner: string;
  block: boolean;
  onClose: () => void;
  returnFocusTo?: () => HTMLElement | null;
}) {
  const change = useSetChatBlocked();
  const words = chatBlockingMessages;
  return (
    <Dialog
      title={block ? words.blockQuestion(partner) : words.unblockQuestion(partner)}
      description={block ? words.confirmBlock : words.confirmUnblock}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
    >
      <div className="grid grid-cols-2 gap-3">
        <button type="button" className="btn-secondary" data-autofocus onClick={onClose}>
          {words.cancel}
        </button>
        <button
          type="button"
          className="btn-primary"
          aria-busy={change.isPending}
          disabled={change.isPending}
          onClick={() =>
            change.mutate({ slug, block, partner }, { onSuccess: (answer) => answer.ok && onClose() })
          }
        >
          {block ? words.block : words.unblock}
        </button>
      </div>
    </Dialog>
  );
}

/** In place of the text box while the room is blocked: who blocked it, and Unblock for the blocker. */
export function BlockedComposer({
  slug,
  partner,
  blockedBy,
}: {
  slug: string;
  partner: string;
  blockedBy: "you" | "them";
}) {
  const [confirming, setConfirming] = useState(false);
  const words = chatBlockingMessages;
  if (blockedBy === "them") {
    return (
      <p
        role="status"
        className="border-t border-gray-200 bg-gray-50 px-4 py-4 text-center text-sm text-gray-700"
      >
        {words.blockedBanner}
      </p>
    );
  }
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-2 border-t border-gray-200 bg-gray-50 px-4 py-4 text-center sm:flex-row sm:justify-between sm:text-left"
    >
      <p className="text-sm text-gray-800">
        <span className="block font-semibold">{words.blockedState}</span>
        <span className="block text-gray-600">{words.blockedStateHint}</span>
      </p>
      <button
        type="button"
        className="btn-secondary shrink-0"
        aria-haspopup="dialog"
        onClick={() => setConfirming(true)}
      >
        {words.unblock}
      </button>
      {confirming && (
        <ConfirmBlock slug={slug} partner={partner} block={false} onClose={() => setConfirming(false)} />
      )}
    </div>
  );
}
