import { useQueryClient } from "@tanstack/react-query";
import type { ReminderSettings } from "@vj/core";
import { answerSchema, apiRequest } from "../../lib/api-client";
import { useAppMutation } from "../../lib/mutation";
import { reminderKeys } from "./queries";

/** Saves the whole settings (PUT: sending them twice changes nothing), shown at once. */
export function useSaveReminders() {
  const queryClient = useQueryClient();
  return useAppMutation({
    mutationFn: (settings: ReminderSettings) => {
      queryClient.setQueryData(reminderKeys.settings(), settings);
      return apiRequest("/api/reminders", { method: "PUT", body: settings, schema: answerSchema((s) => s.reminderSettingsSchema) });
    },
    invalidate: () => [reminderKeys.settings()],
    invalidateOnError: true,
    failure: { title: "Reminders not saved", description: "Your reminder settings could not be saved. Please try again." },
  });
}
