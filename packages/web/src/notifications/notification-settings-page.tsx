import {
  type ChannelChoices,
  messages,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from "@katale/domain";
import { AccountFrame } from "../account/account-frame.js";
import { ErrorState } from "../ui/error-state.js";
import { Spinner } from "../ui/spinner.js";
import { PushDeviceControl } from "./push-device.js";
import { useNotificationSettings, useSaveNotificationSetting } from "./use-notifications.js";

/**
 * /account/notification-settings: push on this device (permission asked only when turned on), then
 * a switch per kind and channel, each saved as it is flipped.
 */
export default function NotificationSettingsPage() {
  const found = useNotificationSettings();
  const save = useSaveNotificationSetting();
  const answer = found.data;
  const text = messages.inbox;
  return (
    <AccountFrame title={text.settingsTitle}>
      <p className="text-gray-700">{text.settingsIntro}</p>
      <PushDeviceControl />
      {answer === undefined ? (
        <Spinner />
      ) : !answer.ok ? (
        <ErrorState error={answer.error} onRetry={() => void found.refetch()} />
      ) : (
        <ul className="divide-y divide-gray-100 rounded-2xl bg-white shadow-sm ring-1 ring-gray-200">
          {NOTIFICATION_KINDS.map((kind) => (
            <li key={kind} className="px-4 py-3 sm:flex sm:items-center sm:gap-4">
              <h2 id={`kind-${kind}`} className="font-medium text-gray-900 sm:flex-1">
                {text.kinds[kind]}
              </h2>
              <fieldset
                aria-labelledby={`kind-${kind}`}
                className="mt-2 flex flex-wrap gap-x-4 gap-y-1 sm:mt-0"
              >
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <Switch
                    key={channel}
                    kind={kind}
                    channel={channel}
                    choices={answer.value[kind]}
                    onChange={(choices) => save.mutate({ kind, choices })}
                  />
                ))}
              </fieldset>
            </li>
          ))}
        </ul>
      )}
    </AccountFrame>
  );
}

function Switch({
  kind,
  channel,
  choices,
  onChange,
}: {
  kind: NotificationKind;
  channel: NotificationChannel;
  choices: ChannelChoices;
  onChange: (choices: ChannelChoices) => void;
}) {
  const on = choices[channel];
  const label = messages.inbox.channels[channel];
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-gray-800">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={`${messages.inbox.kinds[kind]}: ${label}`}
        onClick={() => onChange({ ...choices, [channel]: !on })}
        className={`relative h-6 w-11 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${on ? "bg-brand-600" : "bg-gray-300"}`}
      >
        <span
          aria-hidden="true"
          className={`absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform ${on ? "translate-x-5" : ""}`}
        />
      </button>
      <span aria-hidden="true" className="whitespace-nowrap">
        {label}
      </span>
    </label>
  );
}
