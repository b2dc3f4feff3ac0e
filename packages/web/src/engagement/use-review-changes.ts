import {
  addReview,
  type Comment,
  deleteReview,
  editReview,
  errorMessage,
  messages,
  type ReviewPage,
} from "@katale/domain";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { useServices } from "../app/services-context.js";
import { useLoginPrompt } from "../auth/login-prompt-context.js";
import { useNotice } from "../ui/notices.js";
import { OWN_REVIEWS_KEY } from "./engagement-keys.js";
import { needsLogin } from "./needs-login.js";

/** Every cached page of a product's reviews (key ["reviews", productId, page]). */
const reviewsOf = (productId: number) => ({ queryKey: ["reviews", productId] });

type Snapshot = ReadonlyArray<[readonly unknown[], ReviewPage | undefined]>;

/** Changes every cached page of the product's reviews; answers what they were, to roll back. */
function changePages(
  client: QueryClient,
  productId: number,
  change: (page: ReviewPage) => ReviewPage,
): Snapshot {
  const before = client.getQueriesData<ReviewPage>(reviewsOf(productId));
  client.setQueriesData<ReviewPage>(reviewsOf(productId), (old) => (old ? change(old) : old));
  return before;
}

function restore(client: QueryClient, snapshot: Snapshot | undefined) {
  for (const [key, page] of snapshot ?? []) client.setQueryData(key, page);
}

/** Reads the product's reviews and the user's own again (after a change the server has taken). */
function reloadReviews(client: QueryClient, productId: number) {
  void client.invalidateQueries(reviewsOf(productId));
  void client.invalidateQueries({ queryKey: OWN_REVIEWS_KEY });
}

/** The ports of the review use cases, and what a failure does: the popup for a lost login, else the reason. */
function useReviewPorts() {
  const { reviews, local } = useServices();
  const promptLogin = useLoginPrompt();
  const notify = useNotice();
  const client = useQueryClient();
  return {
    ports: { reviews, storage: local },
    client,
    notify,
    fail(error: Parameters<typeof errorMessage>[0]) {
      if (needsLogin(error)) promptLogin();
      else notify(errorMessage(error), "error");
    },
  };
}

/** Writing a review: the product's reviews are read again from the first page. */
export function useAddReview(productId: number) {
  const { ports, client, notify, fail } = useReviewPorts();
  return async (text: string) => {
    const answer = await addReview(ports, productId, text);
    if (answer.ok) {
      reloadReviews(client, productId);
      notify(messages.reviews.added);
    } else if (answer.error.kind !== "invalid") {
      fail(answer.error);
    }
    return answer;
  };
}

/**
 * Saving an inline edit: the new text shows at once; the server's answer replaces it, a failure
 * puts the old text back and says why (spec §8: an error popup).
 */
export function useEditReview(productId: number, { onSaved }: { onSaved: (message: string) => void }) {
  const { ports, client, fail } = useReviewPorts();
  return useMutation({
    mutationFn: ({ comment, text }: { comment: Comment; text: string }) =>
      editReview(ports, comment.id, text),
    onMutate: async ({ comment, text }) => {
      await client.cancelQueries(reviewsOf(productId));
      const snapshot = changePages(client, productId, (page) => ({
        ...page,
        comments: page.comments.map((c) => (c.id === comment.id ? { ...c, comment: text.trim() } : c)),
      }));
      return { snapshot };
    },
    onSuccess: (answer, _vars, context) => {
      if (!answer.ok) {
        restore(client, context.snapshot);
        fail(answer.error);
        return;
      }
      onSaved(answer.value.message);
      reloadReviews(client, productId);
    },
    onError: (_error, _vars, context) => {
      restore(client, context?.snapshot);
      fail({ kind: "network" });
    },
  });
}

/** Deleting a review after the confirmation: it leaves the list at once; a failure brings it back. */
export function useDeleteReview(productId: number) {
  const { ports, client, notify, fail } = useReviewPorts();
  return useMutation({
    mutationFn: (comment: Comment) => deleteReview(ports, comment.id),
    onMutate: async (comment) => {
      await client.cancelQueries(reviewsOf(productId));
      const snapshot = changePages(client, productId, (page) => ({
        comments: page.comments.filter((c) => c.id !== comment.id),
        total: Math.max(0, page.total - 1),
      }));
      return { snapshot };
    },
    onSuccess: (answer, _comment, context) => {
      if (!answer.ok) {
        restore(client, context.snapshot);
        fail(answer.error);
        return;
      }
      notify(messages.reviews.deleted);
      reloadReviews(client, productId);
    },
    onError: (_error, _comment, context) => {
      restore(client, context?.snapshot);
      fail({ kind: "network" });
    },
  });
}
