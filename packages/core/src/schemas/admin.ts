import { z } from "zod";
import { signupPolicySchema } from "./instance.js";

/** Per-account daily limits: null follows the instance's default. */
export const accountLimitsSchema = z.object({
  transcriptionMinutes: z.number().nullable(),
  summaries: z.number().nullable(),
  ask: z.number().nullable(),
});
export type AccountLimits = z.infer<typeof accountLimitsSchema>;

/** One account as the admin screen lists it: who, how much, and no word of what they wrote. */
export const adminAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  lastActiveAt: z.string().nullable(),
  isAdmin: z.boolean(),
  disabled: z.boolean(),
  notes: z.number(),
  audioBytes: z.number(),
  /** AI use in the current calendar month (UTC). */
  aiThisMonth: z.object({ transcriptionMinutes: z.number(), summaries: z.number(), ask: z.number() }),
  limits: accountLimitsSchema,
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;
export const adminAccountListSchema = z.array(adminAccountSchema);

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
  usedByEmail: z.string().nullable(),
  status: z.enum(["open", "used", "expired"]),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.array(invitationSchema);
/** The token is in this answer only: the server keeps its hash. */
export const createdInvitationSchema = invitationSchema.extend({ token: z.string() });
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

/** A setting and whether the environment fixes it (then the admin screen shows it read-only). */
const setting = <T extends z.ZodType>(value: T) => z.object({ value, fromEnvironment: z.boolean() });

export const instanceSettingsSchema = z.object({
  signups: setting(signupPolicySchema),
  ai: z.object({
    baseUrl: setting(z.string().nullable()),
    /** Never the key itself: only whether one is set. */
    apiKey: z.object({ set: z.boolean(), fromEnvironment: z.boolean() }),
    transcriptionModel: setting(z.string().nullable()),
    summaryModel: setting(z.string().nullable()),
    chatModel: setting(z.string().nullable()),
  }),
  limits: z.object({
    transcriptionMinutesPerDay: setting(z.number().nullable()),
    summariesPerDay: setting(z.number().nullable()),
    askPerDay: setting(z.number().nullable()),
  }),
});
export type InstanceSettings = z.infer<typeof instanceSettingsSchema>;

export const aiTestResultSchema = z.object({
  transcription: z.object({ ok: z.boolean(), engine: z.string(), text: z.string().nullable(), error: z.string().nullable(), ms: z.number() }),
  summary: z.object({ ok: z.boolean(), engine: z.string(), text: z.string().nullable(), error: z.string().nullable(), ms: z.number() }),
});
export type AiTestResult = z.infer<typeof aiTestResultSchema>;

const queueSchema = z.object({
  waiting: z.number(),
  running: z.number(),
  failed: z.number(),
  /** Seconds the oldest waiting job has waited; null when none waits. */
  oldestWaitingSeconds: z.number().nullable(),
});

export const backupInfoSchema = z.object({
  at: z.string(),
  name: z.string(),
  bytes: z.number(),
  notes: z.number(),
});
export type BackupInfo = z.infer<typeof backupInfoSchema>;

export const instanceStateSchema = z.object({
  database: z.object({ kind: z.enum(["pglite", "postgres"]), status: z.enum(["ok", "down"]), bytes: z.number().nullable() }),
  storage: z.object({ description: z.string(), audioBytes: z.number(), notes: z.number() }),
  accounts: z.number(),
  engines: z.object({ transcription: z.string(), summaries: z.string(), ask: z.string().nullable(), warnings: z.array(z.string()) }),
  queues: z.object({
    transcription: queueSchema.extend({ waitingForLimit: z.number(), waitingForEngine: z.number() }),
    summaries: queueSchema,
  }),
  backups: z.object({
    /** Scheduled backups run (the embedded default with BACKUP_DIR set). */
    scheduled: z.boolean(),
    /** Why not, or where they go. */
    message: z.string(),
    last: backupInfoSchema.nullable(),
  }),
});
export type InstanceState = z.infer<typeof instanceStateSchema>;
