// User-facing texts of one area, apart from `messages` so that only the screens that show them load them.

/** Safety where money is discussed: the note on product pages and in a first chat, and /stay-safe. */
export const safetyMessages = {
  noteTitle: "Stay safe when you buy",
  noteTips: [
    "Meet the seller in a public place.",
    "Inspect the item before you pay.",
    "Never pay in advance to someone you have not met.",
    "Report anything suspicious to us.",
  ],
  moreTips: "More safety tips",
  dismiss: "Got it",
  pageTitle: "Stay safe",
  pageIntro:
    "Most people on Katale are honest buyers and sellers. A few habits keep you safe from the few who are not.",
  sections: [
    {
      heading: "Meet in a public place",
      body: "Meet in a busy, well-lit place such as a shopping centre, a bank or a petrol station, in daytime. Bring a friend for valuable items and tell someone where you are going.",
    },
    {
      heading: "Inspect before you pay",
      body: "Check the item works and matches the listing: switch on phones and electronics, check serial numbers, try clothes on. Do not let anyone rush you.",
    },
    {
      heading: "Never pay in advance",
      body: "Do not send Mobile Money, a bank transfer or a deposit to someone you have not met, whatever reason they give. Pay when you hold the item, and ask for a receipt.",
    },
    {
      heading: "Watch for warning signs",
      body: "Prices far below the market, pressure to decide now, requests to move the conversation elsewhere, or a seller who will not meet are common signs of a scam.",
    },
    {
      heading: "Report suspicious behaviour",
      body: "If something feels wrong, stop, block the chat and tell us through the contact page. Your report helps keep everyone safe.",
    },
  ],
  contactUs: "Contact us",
  footerLink: "Stay safe",
} as const;
