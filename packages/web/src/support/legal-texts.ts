// The text of the privacy and terms pages (web-local: long-form copy, not UI messages).

export const privacySections = [
  [
    "What we collect",
    "Your name, email address and phone number when you register; the shops you follow, the products you save or rate and the reviews you write; the pages you browse while signed in.",
  ],
  [
    "Why",
    "To run your account, show your saved items and browse history, let shops answer your messages and keep Katale safe from abuse. We do not sell your data.",
  ],
  [
    "Verification documents",
    "National ID pictures and photos sent for verification are kept private, seen only by the people who review them, and never published.",
  ],
  [
    "Your choices",
    "You can change your profile, change your email, or delete your account at any time from your account pages. Write to support@katale.ug for a copy of your data.",
  ],
] as const;

export const termsSections = [
  [
    "Using Katale",
    "Katale connects buyers with shops and service providers in Uganda. Shops are responsible for what they list, its price in UGX and its delivery.",
  ],
  [
    "Accounts",
    "Keep your password to yourself and tell us at once if someone else uses your account. One person, one account.",
  ],
  [
    "Listings and reviews",
    "List only what you may sell. Reviews must be honest and about your own experience; we remove abusive or misleading content.",
  ],
  [
    "Payments",
    "Payment is agreed between you and the shop (cash on delivery, mobile money). Katale does not hold your money.",
  ],
  ["Changes", "We may update these terms; the date of the latest version is shown on this page."],
] as const;
