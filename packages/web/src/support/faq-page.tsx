import { errorMessage, messages } from "@katale/domain";
import { EmptyState } from "../ui/empty-state.js";
import { PageTitle } from "../ui/page-title.js";
import { Spinner } from "../ui/spinner.js";
import { FaqItem } from "./faq-item.js";
import { useFaqs } from "./use-support.js";

/** /faq: accordion of questions and answers, spinner while loading. */
export default function FaqPage() {
  const result = useFaqs().data;
  return (
    <div className="page max-w-3xl py-6">
      <PageTitle>{messages.support.faq}</PageTitle>
      <div className="mt-4">
        {result === undefined ? (
          <Spinner />
        ) : !result.ok ? (
          <EmptyState>{errorMessage(result.error)}</EmptyState>
        ) : result.value.length === 0 ? (
          <EmptyState>{messages.web.noFaqs}</EmptyState>
        ) : (
          <ul className="flex flex-col gap-2">
            {result.value.map((faq, i) => (
              <FaqItem key={faq.id ?? i} faq={faq} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
