// User-facing texts of one area, apart from `messages` so that only the screens that show them load them.

/** The notification settings' control for push on this device (the browser's permission and subscription). */
export const pushDeviceMessages = {
  title: "Push notifications on this device",
  switchLabel: "Push notifications on this device",
  on: "On: this device shows your notifications, even when Katale is closed.",
  off: "Off: turn it on and your browser will ask whether Katale may show notifications.",
  working: "Turning push notifications on…",
  stopping: "Turning push notifications off…",
  blocked: "Blocked: this browser does not let Katale show notifications.",
  blockedHint:
    "To allow them, open the site settings (the icon left of the address bar), set Notifications to Allow, then reload this page.",
  dismissed: "Your browser did not allow notifications. Turn the switch on to be asked again.",
  unsupported: "This browser cannot show push notifications. Try an up-to-date Chrome, Edge or Firefox.",
  failed:
    "Push notifications could not be turned on: this browser could not reach its push service. Check your connection and try again.",
  saveFailed: "Push notifications could not be turned on: Katale did not save this device. Try again.",
  offFailed: "This device was turned off, but Katale could not be told; it stops on its own soon.",
  turnedOn: "Push notifications are on for this device",
  turnedOff: "Push notifications are off for this device",
  kindsNote: "The Push switches below choose what this device is told.",
};
