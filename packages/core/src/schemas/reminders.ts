import { z } from "zod";

/** `GET`/`PUT /api/reminders`: "Remind me to journal", in the person's time zone. */
export const reminderSettingsSchema = z.object({
  enabled: z.boolean(),
  /** Local time of day, HH:MM (24 h). */
  time: z.string(),
  /** ISO weekdays: Monday 1 … Sunday 7. */
  days: z.array(z.number().int()),
  /** Skip a day that already has a note. */
  onlyIfNoNote: z.boolean(),
  /** The IANA zone the time is read in. */
  tz: z.string(),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

export const pushPublicKeySchema = z.object({
  /** The server's VAPID public key (URL-safe base64), the browser's `applicationServerKey`. */
  publicKey: z.string(),
});
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** What the service worker receives in a reminder's push message (JSON). */
export const reminderPushSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** Where a click on the notification opens the app. */
  url: z.string(),
  tag: z.string(),
});
export type ReminderPush = z.infer<typeof reminderPushSchema>;
