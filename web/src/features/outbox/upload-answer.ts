import type { VoiceNote } from "@vj/core";

/**
 * What the outbox reads from the API's answers, checked by hand: this module runs in the service
 * worker too, which must not carry zod (about 60 kB gzip of sw.js). The page's own reads of notes
 * (queries.ts) still validate every field with the core schemas.
 */

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The message of the API's one error shape `{ error: { code, message } }`, or null. */
export function errorMessageOf(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (isRecord(parsed) && isRecord(parsed.error) && typeof parsed.error.message === "string" && typeof parsed.error.code === "string") {
      return parsed.error.message;
    }
  } catch {
    // Not JSON (a proxy's HTML page).
  }
  return null;
}

/** The stored note a 2xx answered with, when it has a note's shape; null otherwise (the 2xx is what counts). */
export function deliveredNoteOf(body: string): VoiceNote | null {
  try {
    const n: unknown = JSON.parse(body);
    const ok =
      isRecord(n) &&
      typeof n.id === "string" &&
      typeof n.domainId === "string" &&
      typeof n.title === "string" &&
      typeof n.createdAt === "string" &&
      typeof n.duration === "number" &&
      typeof n.isTranscribing === "boolean" &&
      (n.clientId === null || typeof n.clientId === "string");
    return ok ? (n as VoiceNote) : null;
  } catch {
    return null;
  }
}
