import { type ComponentType, lazy } from "react";
import { Route, Routes } from "react-router";
import { AccountGuard } from "../auth/account-guard.js";
import { Shell } from "../shell/shell.js";
import { lazyStyled } from "../ui/all-styles.js";

// Every screen is its own chunk: the first visit to / downloads the shell and the home page only.
// Declarative routes (not the data router): the first visit of phones on slow networks pays for
// the router it uses, ~14 KB gzipped instead of ~31 KB. The shell shows a loading state while a
// screen's chunk arrives (Suspense) and a retry when it cannot (RouteErrorBoundary).
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazyStyled(load);
  return <Page />;
};

// The only screen a first visit may come with the first screen's styles only for (ui/all-styles.ts).
const Home = lazy(() => import("../home/home-page.js"));
const home = <Home />;
const account = page(() => import("../account/account-page.js"));
const accountList = page(() => import("../account/account-list-page.js"));
const productDetail = page(() => import("../products/product-detail-page.js"));
const search = page(() => import("../products/search-page.js"));
const shop = page(() => import("../shops/shop-page.js"));
const notFound = page(() => import("../ui/not-found-page.js"));
const adminShop = page(() => import("../selling/shop-admin-page.js"));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route index element={home} />
        <Route path="login" element={page(() => import("../auth/login-page.js"))} />
        <Route path="register" element={page(() => import("../auth/register-page.js"))} />
        <Route path="otp-verification" element={page(() => import("../auth/otp-page.js"))} />
        <Route path="forgot" element={page(() => import("../auth/forgot-page.js"))} />
        <Route path="reset-password-link" element={page(() => import("../auth/reset-link-page.js"))} />
        <Route path="account" element={<AccountGuard />}>
          <Route index element={account} />
          <Route path="account" element={page(() => import("../account/account-settings-page.js"))} />
          <Route path="update-user" element={page(() => import("../account/update-user-page.js"))} />
          <Route path="verify-account" element={page(() => import("../account/verify-account-page.js"))} />
          <Route path="saved-products" element={accountList} />
          <Route path="wishlist" element={accountList} />
          <Route path="followed-shops" element={accountList} />
          <Route path="reviews" element={accountList} />
          <Route path="shop-history" element={accountList} />
          {/* Shop owners: shops */}
          <Route path="create-shop" element={page(() => import("../selling/shop-create-prompt-page.js"))} />
          <Route path="createshop" element={page(() => import("../selling/shop-create-page.js"))} />
          <Route path="shop-details" element={page(() => import("../selling/shop-details-page.js"))} />
          <Route path="admin-shop" element={adminShop} />
          <Route path="admin-shop/:shop" element={adminShop} />
          <Route
            path="shop-verification"
            element={page(() => import("../selling/shop-verification-page.js"))}
          />
          {/* Shop owners: products */}
          <Route path="add-product" element={page(() => import("../selling/add-product-page.js"))} />
          <Route
            path="edit-product/:productId"
            element={page(() => import("../selling/edit-product-page.js"))}
          />
          <Route
            path="add-service-banner"
            element={page(() => import("../selling/service-banner-page.js"))}
          />
          {/* Admins */}
          <Route path="manage" element={page(() => import("../admin/manage-page.js"))} />
          <Route path="moderation" element={page(() => import("../moderation/moderation-page.js"))} />
          <Route path="request-view" element={page(() => import("../admin/request-view-page.js"))} />
          {/* Without an id, the request list (as request-view). */}
          <Route path="request-details" element={page(() => import("../admin/request-view-page.js"))} />
          <Route
            path="request-details/:id"
            element={page(() => import("../admin/request-details-page.js"))}
          />
          {/* Chat */}
          <Route path="chat" element={page(() => import("../chat/chat-list-page.js"))} />
          <Route path="chat-room" element={page(() => import("../chat/chat-room-page.js"))} />
          {/* Finding products */}
          <Route path="saved-searches" element={page(() => import("../find/saved-searches-page.js"))} />
          {/* Notifications */}
          <Route
            path="notifications"
            element={page(() => import("../notifications/notifications-page.js"))}
          />
          <Route
            path="notification-settings"
            element={page(() => import("../notifications/notification-settings-page.js"))}
          />
          {/* Any other account path is not found (spec §2), not the dashboard. */}
          <Route path="*" element={notFound} />
        </Route>
        <Route path="item" element={productDetail} />
        <Route path="item/:slug" element={productDetail} />
        <Route path="products" element={page(() => import("../catalogue/category-picker-page.js"))} />
        <Route path="products/category/*" element={page(() => import("../catalogue/category-page.js"))} />
        <Route
          path="products/sub-category/:name"
          element={page(() => import("../catalogue/sub-category-page.js"))}
        />
        <Route path="products/search" element={search} />
        <Route path="products/search/:query" element={search} />
        <Route path="shops" element={page(() => import("../shops/shops-page.js"))} />
        <Route path="shops/select-shop" element={page(() => import("../selling/my-shops-select-page.js"))} />
        <Route path="shops/all-shops" element={page(() => import("../shops/all-shops-page.js"))} />
        <Route path="shops/shop" element={shop} />
        <Route path="shops/shop/:token" element={shop} />
        <Route path="shops/search/*" element={page(() => import("../shops/shop-search-page.js"))} />
        <Route path="shops/categories/*" element={page(() => import("../shops/shop-categories-page.js"))} />
        <Route path="faq" element={page(() => import("../support/faq-page.js"))} />
        <Route path="feedbacks" element={page(() => import("../support/feedbacks-page.js"))} />
        <Route path="contact" element={page(() => import("../support/contact-page.js"))} />
        <Route path="privacy" element={page(() => import("../support/privacy-page.js"))} />
        <Route path="terms" element={page(() => import("../support/terms-page.js"))} />
        <Route path="stay-safe" element={page(() => import("../support/stay-safe-page.js"))} />
        <Route path="*" element={notFound} />
      </Route>
    </Routes>
  );
}
