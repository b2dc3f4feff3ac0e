import { useSearchParams } from "react-router";

/** The listing page in the URL (?page=n), so paging survives a reload and a shared link. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get("page") ?? "1");
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = (next: number) => {
    setParams(next <= 1 ? {} : { page: String(next) });
    window.scrollTo({ top: 0 });
  };
  return [page, setPage];
}
