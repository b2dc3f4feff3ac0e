import type { ReviewPage } from "@katale/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useServices } from "../app/services-context.js";

const none: ReviewPage = { comments: [], total: 0 };

/** A page of a product's reviews; a failing or missing service reads as no reviews ('No comments yet'). */
export function useReviews(productId: number, page: number) {
  const { reviews } = useServices();
  return useQuery({
    queryKey: ["reviews", productId, page],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const answer = await reviews.listReviews(productId, page);
      return answer.ok ? answer.value : none;
    },
  });
}
