// User-facing texts of one area, apart from `messages` so that only the screens that show them load them.

export const moderationMessages = {
  reported: "Thanks, our team will look at it",
  alreadyReported: "You have already reported this; our team will look at it",
  cannotReportSelf: "You cannot report yourself or your own shop",
  tooManyReports: "You have sent the most reports allowed today; try again tomorrow",
  detailsRequired: "Tell us what is wrong",
  detailsTooLong: "At most 1,000 characters",
  targetNotFound: "No such product, shop, user, review or message",
  notParticipant: "Only the people in a chat can report its messages",
  reportNotFound: "No such report",
  reportResolved: "This report is resolved already",
  actionNotForTarget: (action: string, target: string) => `A ${target} cannot be given '${action}'`,
  noteTooLong: "At most 1,000 characters",
  restored: "Restored",
  notHeld: "It is not hidden or suspended",
  hiddenByModerators: (note: string) => (note ? `Hidden by moderators: ${note}` : "Hidden by moderators"),
  autoHidden: "Hidden until our team has looked at the reports about it",
  accountSuspended: "Your account is suspended. Write to support if you think this is a mistake.",
  shopSuspended: "Your shop is suspended: you cannot list or change products, or open a shop",
  targetGone: "(no longer there)",
  photoMessage: "Photo",
  newAccountDailyProducts: (most: number) =>
    `New accounts may list at most ${most} products a day; try again tomorrow`,
} as const;
