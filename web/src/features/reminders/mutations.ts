import { useQueryClient } from "@tanstack/react-query";
import type { ReminderSettings } from "@vj/core";
import { useRef } from "react";
import { answerSchema, apiRequest } from "../../lib/api-client";
import { useAppMutation } from "../../lib/mutation";
import { reminderKeys } from "./queries";

/**
 * Saves the whole settings (PUT: sending them twice changes nothing), shown at once. A read still
 * under way is cancelled first and the settings are read again only after the last of several quick
 * saves, so an older answer never replaces a change made a moment ago (a time, then a day).
 */
export function useSaveReminders() {
  const queryClient = useQueryClient();
  const pending = useRef(0);
  const lastOne = () => (pending.current === 0 ? [reminderKeys.settings()] : []);
  return useAppMutation({
    mutationFn: async (settings: ReminderSettings) => {
      pending.current += 1;
      void queryClient.cancelQueries({ queryKey: reminderKeys.settings() });
      queryClient.setQueryData(reminderKeys.settings(), settings);
      try {
        return await apiRequest("/api/reminders", { method: "PUT", body: settings, schema: answerSchema((s) => s.reminderSettingsSchema) });
      } finally {
        pending.current -= 1;
      }
    },
    invalidate: lastOne,
    invalidateOnError: true,
    failure: { title: "Reminders not saved", description: "Your reminder settings could not be saved. Please try again." },
  });
}
