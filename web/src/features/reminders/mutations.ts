import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReminderSettings } from "@vj/core";
import { useAuth } from "../auth/auth-provider";
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
