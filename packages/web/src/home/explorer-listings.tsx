import { firstScreenMessages as messages } from "@katale/domain";
import { type KeyboardEvent, Suspense, useId, useRef, useState } from "react";
import { Spinner } from "../ui/spinner.js";
import { WhenNear } from "../ui/when-near.js";
import { later } from "./later.js";
import { Section } from "./section.js";

const ForYouFeed = later("ForYouFeed");
const FollowingFeed = later("FollowingFeed");

type Tab = "for-you" | "following";
const tabs: readonly { id: Tab; label: string }[] = [
  { id: "for-you", label: messages.home.forYou },
  { id: "following", label: messages.home.following },
];

/** Explorer Listings: 'For you' (infinite scroll) and 'Following' (needs a signed-in user). */
export function ExplorerListings() {
  const [tab, setTab] = useState<Tab>("for-you");
  const base = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  function onKeyDown(event: KeyboardEvent, index: number) {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    const next = (index + (event.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length;
    setTab(tabs[next]!.id);
    buttons.current[next]?.focus();
  }

  return (
    <Section title={messages.home.explorerListings}>
      <div
        role="tablist"
        aria-label={messages.home.explorerListings}
        className="mb-4 flex gap-2 border-b border-gray-200"
      >
        {tabs.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-${t.id}-tab`}
            aria-selected={tab === t.id}
            aria-controls={`${base}-${t.id}-panel`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={`-mb-px min-h-11 border-b-2 px-4 font-medium ${tab === t.id ? "border-brand-700 text-brand-700" : "border-transparent text-gray-600"}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-${tab}-panel`} aria-labelledby={`${base}-${tab}-tab`}>
        {tab === "for-you" ? (
          // The feed (its code and first page) loads when the reader comes near it, not while the
          // page starts.
          <WhenNear placeholder={<div className="min-h-[50vh]" />}>
            <ForYouFeed />
          </WhenNear>
        ) : (
          <Suspense fallback={<Spinner />}>
            <FollowingFeed />
          </Suspense>
        )}
      </div>
    </Section>
  );
}
