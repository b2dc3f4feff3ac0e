import { Select } from "@inkjs/ui";
import {
  type Comment,
  formatDate,
  formatUgx,
  inStock,
  messages,
  type ProductDetail,
  ratingCount,
} from "@katale/domain";
import { Box, Text, useInput } from "ink";
import { useState } from "react";
import { shopLabel, starBar } from "../../output/formatting.js";
import { wrap } from "../../output/text.js";
import { Field } from "../components/field.js";
import { ItemList, type Row } from "../components/item-list.js";
import { LoadedView } from "../components/status.js";
import { useSaveFollow } from "../engagement/use-save-follow.js";
import { useScreenKeys, useTui, useTyping } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { type Mine, useProductDetail } from "./use-product-detail.js";

type Mode = "view" | "rate" | "review";

const STARS = [5, 4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1, 0.5, 0];

/** One product: name, price, stock, rating, shop (✓ when verified), description, reviews; save, follow, rate, review. */
export function ProductScreen({ slug }: { slug: string }) {
  const tui = useTui();
  const { session, width, height } = tui;
  const { detail, product, reviews, mine, setMine, rate, review } = useProductDetail(slug);
  const { save, follow } = useSaveFollow();
  const [mode, setMode] = useState<Mode>("view");
  // Rating and reviewing have the keys; Esc cancels them.
  useTyping(mode !== "view");

  useScreenKeys(
    mode === "view"
      ? [
          { keys: "s", does: mine.saved ? "unsave" : "save" },
          { keys: "f", does: mine.following ? "unfollow" : "follow" },
          { keys: "r", does: "rate" },
          { keys: "w", does: "review" },
          { keys: "o", does: "shop" },
          { keys: "c", does: "chat" },
        ]
      : // The footer says "Esc cancel" while typing; said again here it read twice.
        [],
  );

  useInput(
    (input) => {
      if (product === null) return;
      if (input === "s")
        void save(product.id, !mine.saved).then((t) => t && setMine((m) => ({ ...m, saved: t.saved })));
      if (input === "f")
        void follow(product.shopId, !mine.following).then(
          (t) => t && setMine((m) => ({ ...m, following: t.following })),
        );
      if (input === "r") session === null ? tui.say(messages.common.loginFirst, "error") : setMode("rate");
      if (input === "w") session === null ? tui.say(messages.common.loginFirst, "error") : setMode("review");
      if (input === "o") tui.open({ screen: "shop", shopId: product.shopId, title: product.shopName });
      if (input === "c") tui.open({ screen: "chat-room", shopId: product.shopId, title: product.shopName });
    },
    { isActive: tui.active && mode === "view" },
  );
  useInput((_input, key) => key.escape && setMode("view"), { isActive: tui.active && mode !== "view" });

  return (
    <LoadedView loaded={detail}>
      {(value) => {
        const rows = productRows(value, reviews, mine, width);
        if (mode === "view") return <ItemList rows={rows} width={width} height={height} />;
        return (
          <Box flexDirection="column">
            <Text bold wrap="truncate">
              {value.product.name}
            </Text>
            {mode === "rate" ? (
              <>
                <Text>{tuiMessages.rateTitle}</Text>
                <Select
                  visibleOptionCount={Math.min(STARS.length, Math.max(3, height - 3))}
                  options={STARS.map((s) => ({ label: `${starBar(s)} ${s}`, value: String(s) }))}
                  onChange={(stars) => {
                    setMode("view");
                    void rate(Number(stars));
                  }}
                />
              </>
            ) : (
              <>
                <Text>{tuiMessages.reviewTitle}</Text>
                <Field
                  placeholder="Plain text, at most 2,000 characters"
                  onSubmit={(text) => {
                    void review(text).then((posted) => posted && setMode("view"));
                  }}
                />
              </>
            )}
          </Box>
        );
      }}
    </LoadedView>
  );
}

/** The product as lines to scroll through. */
function productRows(detail: ProductDetail, reviews: readonly Comment[], mine: Mine, width: number): Row[] {
  const { product } = detail;
  const text = (key: string, line: string): Row => ({ key, text: line });
  const rating =
    product.numberOfUsersRated === 0
      ? `${starBar(0)} ${ratingCount(0)}`
      : `${starBar(product.averageRating)} ${product.averageRating.toFixed(1)} ${ratingCount(product.numberOfUsersRated)}`;
  const marks = [mine.saved ? "Saved" : null, mine.following ? "Following the shop" : null].filter(Boolean);
  const rows: Row[] = [
    { key: "name", text: product.name, heading: true },
    text("price", `${formatUgx(product.price)} · ${inStock(product.inStock)}`),
    text("rating", rating),
    text("shop", `Shop: ${shopLabel(product.shopName, product.shopVerificationStatus)}`),
    text("category", `Category: ${product.categoryName} › ${product.subCategoryName}`),
  ];
  if (marks.length > 0) rows.push(text("mine", marks.join(" · ")));
  rows.push({ key: "h-description", text: messages.products.description, heading: true });
  rows.push(...wrap(product.description, Math.max(10, width - 4)).map((line, i) => text(`d${i}`, line)));
  rows.push({ key: "h-reviews", text: tuiMessages.reviewsTitle, heading: true });
  if (reviews.length === 0) rows.push(text("no-reviews", tuiMessages.noReviews));
  for (const review of reviews) {
    rows.push(
      text(`r${review.id}`, `${review.commentorName} · ${formatDate(new Date(review.dateCommented))}`),
    );
    rows.push(
      ...wrap(review.comment, Math.max(10, width - 6)).map((line, i) =>
        text(`r${review.id}-${i}`, `  ${line}`),
      ),
    );
  }
  return rows;
}
