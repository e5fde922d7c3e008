import { z } from "zod";
import { LIMITS, NOTES_PAGE_DEFAULT, NOTES_PAGE_MAX } from "../../constants.js";
import { decodeNoteCursor } from "../../cursor.js";
import { idSchema } from "../common.js";
import {
  blankAsUndefined,
  decimalOnly,
  isoDateTime,
  pageCursorParam,
  pageLimitParam,
  periodQueryFields,
  timeZoneSchema,
  withValidPeriodKey,
} from "./fields.js";

const isListableYear = (year: number) => year >= 1000 && year <= 9999;

/**
 * The text fields of the multipart POST /api/voice-notes (the `audio` file part travels beside
 * them). Multipart values are strings, hence the coercions.
 */
export const createVoiceNoteFieldsSchema = z.object({
  title: z
    .string({ error: "Required" })
    .trim()
    .min(1, { error: "Title is required" })
    .max(LIMITS.title, { error: `Title must be at most ${LIMITS.title} characters` }),
  /** Seconds; fractions are rounded. */
  duration: z.preprocess(
    (v) => decimalOnly(blankAsUndefined(v)),
    z.coerce
      .number({ error: "Duration must be a number of seconds" })
      .min(0, { error: "Duration must not be negative" })
      .max(86_400, { error: "Duration must be at most 24 hours" })
      .transform((n) => Math.round(n)),
  ),
  // Years 1000-9999 only: period keys cover no others, so a note outside them could never be listed.
  createdAt: z.preprocess(
    blankAsUndefined,
    isoDateTime
      .refine((v) => isListableYear(new Date(v).getUTCFullYear()), {
        error: "createdAt must be a date between the years 1000 and 9999",
      })
      .optional(),
  ),
  domainId: z.preprocess(blankAsUndefined, idSchema.optional()),
  /** The outbox id; a replay with the same id answers the note already stored. */
  clientId: z.preprocess(
    blankAsUndefined,
    z.string().max(LIMITS.clientId, { error: `clientId must be at most ${LIMITS.clientId} characters` }).optional(),
  ),
  tz: z.preprocess(blankAsUndefined, timeZoneSchema.optional()),
});
export type CreateVoiceNoteFields = z.infer<typeof createVoiceNoteFieldsSchema>;

export const listVoiceNotesQuerySchema = z
  .object({
    ...periodQueryFields,
    domainId: z.preprocess(blankAsUndefined, idSchema.optional()),
    tz: z.preprocess(blankAsUndefined, timeZoneSchema.default("UTC")),
    /** Page size: newest first, NOTES_PAGE_DEFAULT when absent. */
    limit: pageLimitParam(NOTES_PAGE_DEFAULT, NOTES_PAGE_MAX, "Page size, newest first"),
    /** The previous page's X-Next-Cursor: the page starts after that note. */
    before: pageCursorParam(decodeNoteCursor, "The X-Next-Cursor header of the previous page: this page starts after that note"),
  })
  .superRefine(withValidPeriodKey);
export type ListVoiceNotesQuery = z.infer<typeof listVoiceNotesQuerySchema>;

export const updateVoiceNoteSchema = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, { error: "Title must not be empty" })
    .max(LIMITS.title, { error: `Title must be at most ${LIMITS.title} characters` })
    .optional(),
  transcription: z
    .string()
    .max(LIMITS.transcription, { error: `Transcription must be at most ${LIMITS.transcription} characters` })
    .optional(),
  /**
   * The title and transcript the edit was made from (an edit made offline sends them): when the
   * note changed meanwhile on another device, the edit is refused with 409 and the note as it is
   * now, so neither person's words are lost (DESIGN §13). Left out, the edit applies as before.
   */
  baseTitle: z.string().max(LIMITS.title).optional(),
  baseTranscription: z.string().max(LIMITS.transcription).nullable().optional(),
});
export type UpdateVoiceNoteInput = z.infer<typeof updateVoiceNoteSchema>;
