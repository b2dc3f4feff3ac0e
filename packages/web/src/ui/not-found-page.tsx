import { messages } from "@katale/domain";

/** Any unknown path: an image only (spec §2), described for screen readers. */
export default function NotFoundPage() {
  return (
    <div className="page flex justify-center py-10">
      <img
        src="/not-found.svg"
        alt={messages.web.notFoundAlt}
        width={480}
        height={360}
        className="h-auto w-full max-w-md"
      />
    </div>
  );
}
