import { queryOptions } from "@tanstack/react-query";
import type { ReminderSettings } from "@vj/core";
import { answerSchema, apiRequest } from "../../lib/api-client";
import { listChanges } from "../outbox/changes-store";
import { outboxDb } from "../outbox/outbox-db";
import { REMINDERS_TARGET, readUnlessChanged } from "./settings-read";

export const reminderKeys = {
  all: ["reminders"] as const,
  settings: () => [...reminderKeys.all, "settings"] as const,
  device: () => [...reminderKeys.all, "device"] as const,
};

/** Whether a change of `ownerId`'s reminder settings waits in this device's outbox (or is being sent). */
async function settingsChangeWaiting(ownerId: string | undefined): Promise<boolean> {
  if (!ownerId) return false;
  return (await listChanges(outboxDb(), ownerId)).some((c) => c.target.type === REMINDERS_TARGET.type && c.status === "waiting");
}

export const reminderQueries = {
  /** `ownerId`: the person signed in, whose waiting changes an older answer must not replace (settings-read.ts). */
  settings: (ownerId: string | undefined) =>
    queryOptions({
      queryKey: reminderKeys.settings(),
      queryFn: ({ signal, client }) =>
        readUnlessChanged(
          () => apiRequest("/api/reminders", { schema: answerSchema((s) => s.reminderSettingsSchema), signal }),
          () => settingsChangeWaiting(ownerId),
          () => client.getQueryData<ReminderSettings>(reminderKeys.settings()),
        ),
    }),
};
