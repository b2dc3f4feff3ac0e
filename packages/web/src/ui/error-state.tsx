import { type DomainError, errorMessage, messages } from "@katale/domain";

/** A failed load: the domain's wording and, when given, a way to try again. */
export function ErrorState({
  error,
  message,
  onRetry,
}: {
  error?: DomainError;
  message?: string;
  onRetry?: () => void;
}) {
  return (
    <div role="alert" className="rounded-lg bg-white px-4 py-8 text-center text-gray-700">
      <p>{message ?? (error ? errorMessage(error) : "")}</p>
      {onRetry && (
        <button type="button" className="btn-secondary mt-3" onClick={onRetry}>
          {messages.web.retry}
        </button>
      )}
    </div>
  );
}
