import { errorMessage, messages, searchShopProducts } from "@katale/domain";
import { useState } from "react";
import { useParams } from "react-router";
import { ProductGrid } from "../products/product-grid.js";
import { ShopAdminView } from "../selling/shop-admin-view.js";
import { EmptyState } from "../ui/empty-state.js";
import { ErrorState } from "../ui/error-state.js";
import NotFoundPage from "../ui/not-found-page.js";
import { Spinner } from "../ui/spinner.js";
import { ShopHeader } from "./shop-header.js";
import { ShopSearchBox } from "./shop-search-box.js";
import { useShopPage } from "./use-shops.js";

/** /shops/shop/{encrypted id} and /shops/shop: the customer's view of a shop; its owner's admin page for them. */
export default function ShopPage() {
  const { token } = useParams();
  const query = useShopPage(token);
  const [text, setText] = useState("");
  const result = query.data;
  if (result === undefined) return <Spinner className="min-h-[50vh]" />;
  if (!result.ok) {
    return result.error.kind === "not-found" ? (
      <NotFoundPage />
    ) : (
      <div className="page py-6">
        <ErrorState message={errorMessage(result.error)} onRetry={() => query.refetch()} />
      </div>
    );
  }
  const page = result.value;
  // Owners see their admin page instead, without Chat and Follow (spec §2).
  if (page.isOwner) return <ShopAdminView shop={page.shop} />;
  const shown = searchShopProducts(page.products, text);
  return (
    <div className="page py-4">
      <ShopHeader page={page} />
      <div className="my-5">
        <ShopSearchBox value={text} onChange={setText} label={messages.web.searchInShop} />
      </div>
      {shown.length === 0 ? (
        <EmptyState>{messages.products.noProducts}</EmptyState>
      ) : (
        <ProductGrid products={shown} />
      )}
      {shown.length > 0 && (
        <p className="py-6 text-center text-sm text-gray-500">{messages.products.noMoreProducts}</p>
      )}
      {page.recommended.length > 0 && (
        <section aria-labelledby="recommended-title" className="mt-6">
          <h2 id="recommended-title" className="section-title mb-3">
            {messages.products.recommendedForYou}
          </h2>
          <ProductGrid products={page.recommended} />
        </section>
      )}
    </div>
  );
}
