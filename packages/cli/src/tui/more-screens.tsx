import { Text } from "ink";
import type { ReactNode } from "react";
import { AdminScreen } from "./admin/admin-screen.js";
import { CatalogueScreen } from "./admin/catalogue-screen.js";
import { ReportScreen, ReportsScreen } from "./admin/reports-screen.js";
import { VerificationScreen } from "./admin/verification-screen.js";
import { VerificationsScreen } from "./admin/verifications-screen.js";
import { ChatRoomScreen } from "./chat/chat-room-screen.js";
import { ChatsScreen } from "./chat/chats-screen.js";
import { FollowingScreen, HistoryScreen, SavedScreen } from "./engagement/signed-in-screens.js";
import type { Route, Section } from "./navigation.js";
import { SECTION_TITLES } from "./navigation.js";
import { InboxScreen } from "./notifications/inbox-screen.js";
import { CsvImportScreen } from "./selling/csv-import-screen.js";
import { MyShopScreen } from "./selling/my-shop-screen.js";
import { MyShopsScreen } from "./selling/my-shops-screen.js";
import { ProductFormScreen } from "./selling/product-form-screen.js";

// The sections and screens past browsing: the signed-in lists, chat, selling and the admin's.

export function sectionScreens(section: Section): ReactNode {
  switch (section) {
    case "saved":
      return <SavedScreen />;
    case "following":
      return <FollowingScreen />;
    case "history":
      return <HistoryScreen />;
    case "chats":
      return <ChatsScreen />;
    case "selling":
      return <MyShopsScreen />;
    case "admin":
      return <AdminScreen />;
    default:
      return <Text>{SECTION_TITLES[section]}</Text>;
  }
}

export function routeScreens(route: Route): ReactNode {
  switch (route.screen) {
    case "chat-room":
      return (
        <ChatRoomScreen
          {...(route.slug ? { slug: route.slug } : {})}
          {...(route.shopId ? { shopId: route.shopId } : {})}
        />
      );
    case "my-shop":
      return <MyShopScreen shopId={route.shopId} title={route.title} />;
    case "product-form":
      return (
        <ProductFormScreen
          shopId={route.shopId}
          {...(route.productSlug ? { productSlug: route.productSlug } : {})}
        />
      );
    case "csv-import":
      return <CsvImportScreen shopId={route.shopId} />;
    case "admin-catalogue":
      return <CatalogueScreen />;
    case "admin-verifications":
      return <VerificationsScreen />;
    case "admin-verification":
      return <VerificationScreen requestId={route.requestId} />;
    case "admin-reports":
      return <ReportsScreen />;
    case "admin-report":
      return <ReportScreen report={route.report} />;
    case "notifications":
      return <InboxScreen />;
    default:
      return <Text>{route.screen}</Text>;
  }
}
