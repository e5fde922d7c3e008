import { z } from "zod";
import { timeZoneSchema } from "./fields.js";

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const putReminderSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  time: z.string().regex(TIME, { error: "time must be HH:MM (24-hour)" }),
  days: z
    .array(z.number().int().min(1, { error: "days are 1 (Monday) to 7 (Sunday)" }).max(7, { error: "days are 1 (Monday) to 7 (Sunday)" }))
    .max(7)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  onlyIfNoNote: z.boolean().default(true),
  tz: timeZoneSchema,
});
export type PutReminderSettings = z.infer<typeof putReminderSettingsSchema>;

const base64url = z.string().min(1).max(200).regex(/^[A-Za-z0-9_-]+=*$/, { error: "Expected URL-safe base64" });

/** A browser's PushSubscription as `toJSON()` writes it. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.string().max(2000).url({ error: "endpoint must be a URL" }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url, auth: base64url }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

export const deletePushSubscriptionSchema = z.object({
  endpoint: z.string().max(2000),
});
