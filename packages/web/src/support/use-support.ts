import { useQuery } from "@tanstack/react-query";
import { useServices } from "../app/services-context.js";

export function useFaqs() {
  const { support } = useServices();
  return useQuery({ queryKey: ["faqs"], queryFn: () => support.listFaqs() });
}

export function useFeedbacks() {
  const { support } = useServices();
  return useQuery({ queryKey: ["feedbacks"], queryFn: () => support.listFeedback() });
}
