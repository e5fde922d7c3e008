import { z } from "zod";
import { idSchema, periodSchema } from "./common.js";

export const chatCitationSchema = z.object({
  /** The number the answer cites it by: [n]. */
  n: z.number().int().positive(),
  kind: z.enum(["note", "summary"]),
  id: idSchema,
  domainId: idSchema,
  title: z.string(),
  createdAt: z.string(),
  /** A summary's period, to open its Summary tab. */
  period: periodSchema.optional(),
  periodKey: z.string().optional(),
  /** The note or summary was deleted after the answer cited it. */
  deleted: z.boolean().optional(),
});
export type ChatCitation = z.infer<typeof chatCitationSchema>;

export const chatMessageSchema = z.object({
  id: idSchema,
  role: z.enum(["user", "assistant"]),
  /** Markdown for an answer; the question as typed. */
  content: z.string(),
  citations: z.array(chatCitationSchema),
  /** The person pressed Stop: the answer is what had arrived by then. */
  stopped: z.boolean(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** POST /api/chat with Accept: application/json, and the final event of the stream. */
export const chatAnswerSchema = z.object({ threadId: idSchema, message: chatMessageSchema });
export type ChatAnswer = z.infer<typeof chatAnswerSchema>;

export const chatThreadSchema = z.object({
  id: idSchema,
  domainId: idSchema,
  /** The first question, shortened. */
  title: z.string(),
  updatedAt: z.string(),
});
export type ChatThread = z.infer<typeof chatThreadSchema>;
export const chatThreadListSchema = z.array(chatThreadSchema);

export const chatThreadDetailSchema = chatThreadSchema.extend({ messages: z.array(chatMessageSchema) });
export type ChatThreadDetail = z.infer<typeof chatThreadDetailSchema>;
