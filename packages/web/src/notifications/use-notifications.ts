import {
  type ChannelChoices,
  messages,
  type NotificationKind,
  type NotificationSettings,
  ok,
  type Result,
} from "@katale/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useServices } from "../app/services-context.js";
import { useNotice } from "../ui/notices.js";
import { useCurrentInbox, useInboxVersion } from "./inbox-store.js";

const INBOX_KEY = ["notifications"] as const;
const SETTINGS_KEY = ["notification-settings"] as const;

/** A page of the inbox, read again whenever the bell hears of a change. */
export function useInboxPage(page: number) {
  const { notifications, local } = useServices();
  const queryClient = useQueryClient();
  const version = useInboxVersion();
  const token = local.get("token") ?? "";
  useEffect(() => {
    if (version > 0) void queryClient.invalidateQueries({ queryKey: INBOX_KEY });
  }, [version, queryClient]);
  return useQuery({
    queryKey: [...INBOX_KEY, page],
    queryFn: () => notifications.listNotifications(token, page),
  });
}

/** Marks entries read (all without ids), through the bell when it is there so its badge follows. */
export function useMarkRead() {
  const { notifications, local } = useServices();
  const inbox = useCurrentInbox();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: readonly number[]) =>
      inbox ? inbox.markRead(ids) : notifications.markNotificationsRead(local.get("token") ?? "", ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: INBOX_KEY }),
  });
}

export function useNotificationSettings() {
  const { notifications, local } = useServices();
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => notifications.notificationSettings(local.get("token") ?? ""),
  });
}

/** Saves one kind's channels; the switch shows the choice at once and goes back if the save fails. */
export function useSaveNotificationSetting() {
  const { notifications, local } = useServices();
  const queryClient = useQueryClient();
  const notify = useNotice();
  return useMutation({
    mutationFn: async ({ kind, choices }: { kind: NotificationKind; choices: ChannelChoices }) => {
      const answer = await notifications.saveNotificationSettings(local.get("token") ?? "", {
        [kind]: choices,
      });
      if (!answer.ok) throw answer.error;
      return answer.value;
    },
    onMutate: ({ kind, choices }) => {
      const before = queryClient.getQueryData<Result<NotificationSettings>>(SETTINGS_KEY);
      if (before?.ok)
        queryClient.setQueryData<Result<NotificationSettings>>(
          SETTINGS_KEY,
          ok({ ...before.value, [kind]: choices }),
        );
      return { before };
    },
    onSuccess: (settings) => {
      queryClient.setQueryData<Result<NotificationSettings>>(SETTINGS_KEY, ok(settings));
      notify(messages.inbox.saved);
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(SETTINGS_KEY, context.before);
      notify(messages.inbox.saveFailed, "error");
    },
  });
}
