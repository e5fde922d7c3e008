import { queryOptions } from "@tanstack/react-query";
import { answerSchema, apiRequest } from "../../lib/api-client";

export const reminderKeys = {
  all: ["reminders"] as const,
  settings: () => [...reminderKeys.all, "settings"] as const,
  device: () => [...reminderKeys.all, "device"] as const,
};

export const reminderQueries = {
  settings: () =>
    queryOptions({
      queryKey: reminderKeys.settings(),
      queryFn: ({ signal }) => apiRequest("/api/reminders", { schema: answerSchema((s) => s.reminderSettingsSchema), signal }),
    }),
};
