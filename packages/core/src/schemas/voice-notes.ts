import { z } from "zod";
import { idSchema } from "./common.js";

export const voiceNoteSchema = z.object({
  id: idSchema,
  userId: idSchema,
  domainId: idSchema,
  clientId: z.string().nullable(),
  title: z.string(),
  transcription: z.string().nullable(),
  /** Seconds. */
  duration: z.number().int(),
  isTranscribed: z.boolean(),
  isTranscribing: z.boolean(),
  /**
   * No transcription engine is configured on the server: the note waits for one (not an error).
   * It is transcribed when the server starts with an engine, or when asked again.
   */
  awaitingEngine: z.boolean().default(false),
  /**
   * The account's daily transcription limit was reached: the note waits (not an error) and is
   * transcribed after this instant (ISO), the account's next local midnight, without a click.
   */
  limitWaitUntil: z.string().nullable().default(null),
  /** Set when transcription failed or the text begins with "ERROR:". */
  isError: z.boolean(),
  error: z.string().nullable(),
  hasTranscription: z.boolean(),
  hasAudio: z.boolean(),
  audioMimeType: z.string().nullable(),
  audioBytes: z.number().int().nullable(),
  createdAt: z.string(),
});
export type VoiceNote = z.infer<typeof voiceNoteSchema>;

export const voiceNoteListSchema = z.array(voiceNoteSchema);
