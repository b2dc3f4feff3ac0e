import { firstScreenMessages as messages } from "@katale/domain";

/** A route that failed to load (typically a chunk lost to a bad connection): offer a reload. */
export function RouteError() {
  return (
    <div role="alert" className="mx-auto max-w-md px-4 py-16 text-center">
      <p className="text-gray-800">{messages.common.checkConnection}</p>
      <button type="button" className="btn-primary mt-4" onClick={() => window.location.reload()}>
        {messages.web.retry}
      </button>
    </div>
  );
}
