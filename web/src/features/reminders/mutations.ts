import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReminderSettings } from "@vj/core";
import { useEffect } from "react";
import { useAuth } from "../auth/auth-provider";
import type { PendingChange } from "../outbox/outbox-db";
import { makeChange } from "../outbox/page-outbox";
import { reminderKeys } from "./queries";
import { noteSettingsSaved, REMINDERS_TARGET } from "./settings-read";

/**
 * Saves the whole settings through the outbox (DESIGN §13), as every change a person makes: kept
 * on the device first, shown at once, sent now or when the connection is back (PUT: sending them
 * twice changes nothing). A read still under way is cancelled, and one that may predate the
 * change is not taken (settings-read.ts), so an older answer never replaces what was just
 * chosen; the screen also lays the waiting change over what the server last said.
 */
export function useSaveReminders() {
  const queryClient = useQueryClient();
  const ownerId = useAuth().user?.id;
  return useMutation({
    // Kept on the device, not sent by this call: it runs offline too.
    networkMode: "always",
    mutationFn: async (settings: ReminderSettings) => {
      if (!ownerId) throw new Error("Not signed in");
      noteSettingsSaved();
      void queryClient.cancelQueries({ queryKey: reminderKeys.settings() });
      queryClient.setQueryData(reminderKeys.settings(), settings);
      await makeChange({ ownerId, target: REMINDERS_TARGET, action: "update", method: "PUT", path: "/api/reminders", body: settings });
    },
  });
}

/**
 * While a change of the settings waits in the outbox, the cached settings are that change: the
 * server holds it once it is delivered. Without this, the screen would fall back, between the
 * delivery and the next read, to an older cached answer (one restored from before a reload that
 * followed the change, say), and the next tap would save that older answer back.
 */
export function useSettingsOfWaitingChange(waiting: PendingChange | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const body = waiting?.body as Partial<ReminderSettings> | undefined;
    if (body) queryClient.setQueryData<ReminderSettings>(reminderKeys.settings(), (old) => ({ ...old, ...body }) as ReminderSettings);
  }, [queryClient, waiting]);
}
