import { signedInToken } from "@katale/domain";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useServices } from "../app/services-context.js";

/**
 * A private verification document (admins only, never under /media/): fetched with the admin's
 * token as a blob and shown through an object URL, revoked when the page lets it go.
 */
export function usePrivateDocument(path: string) {
  const { media, local } = useServices();
  const blob = useQuery({
    queryKey: ["admin", "document", path],
    queryFn: async () => {
      const url = media(path);
      const token = signedInToken(local);
      if (url === null || !token.ok) throw new Error("no document");
      const answer = await fetch(url, { headers: { authorization: `Token ${token.value}` } });
      if (!answer.ok) throw new Error(`document ${answer.status}`);
      return answer.blob();
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const made = URL.createObjectURL(blob.data);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [blob.data]);
  return { url, failed: blob.isError, loading: blob.isPending };
}
