import type { TestApp } from "../harness.js";

export interface NoteSeed {
  at: Date | string;
  title?: string;
  transcription?: string | null;
  duration?: number;
}

/** Transcribed notes written straight into the table (the upload path has its own tests); their ids, in order. */
export async function seedNotes(t: TestApp, userId: string, domainId: string, notes: NoteSeed[]): Promise<string[]> {
  if (notes.length === 0) return [];
  const rows = await t.deps.database.db
    .insertInto("voice_notes")
    .values(
      notes.map((n, i) => ({
        user_id: userId,
        domain_id: domainId,
        client_id: null,
        title: n.title ?? `Note ${i}`,
        transcription: n.transcription === undefined ? "Words I said." : n.transcription,
        duration: n.duration ?? 30,
        is_transcribed: n.transcription !== null,
        is_transcribing: false,
        transcription_error: null,
        audio_key: null,
        audio_mime: null,
        audio_bytes: null,
        next_attempt_at: null,
        lease_owner: null,
        lease_expires_at: null,
        created_at: typeof n.at === "string" ? new Date(n.at) : n.at,
      })),
    )
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}
