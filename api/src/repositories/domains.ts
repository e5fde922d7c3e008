import { sql, type Kysely } from "kysely";
import type { DB, DomainRow } from "../db/schema.js";
import { ownedBy } from "./scope.js";

export interface NewDomain {
  id: string;
  userId: string;
  name: string;
  slug: string;
  description: string | null;
  primaryColor: string;
  isDefault: boolean;
}

export interface DomainStatsRow {
  totalRecordings: number;
  totalDuration: number;
  transcribedCount: number;
  recentRecording: Date | null;
}

export function domainsRepository(db: Kysely<DB>) {
  return {
    list(userId: string): Promise<DomainRow[]> {
      return db
        .selectFrom("domains")
        .selectAll()
        .$call(ownedBy("domains", userId))
        .orderBy("created_at", "asc")
        .orderBy("id", "asc")
        .execute();
    },

    find(userId: string, id: string): Promise<DomainRow | undefined> {
      return db.selectFrom("domains").selectAll().$call(ownedBy("domains", userId)).where("id", "=", id).executeTakeFirst();
    },

    /** The user's default collection, else their first. */
    findDefault(userId: string): Promise<DomainRow | undefined> {
      return db
        .selectFrom("domains")
        .selectAll()
        .$call(ownedBy("domains", userId))
        .orderBy("is_default", "desc")
        .orderBy("created_at", "asc")
        .orderBy("id", "asc")
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Inserts unless the user already has a collection with this slug (the UNIQUE (user_id, slug)
     * constraint decides, so two racing requests cannot both win). Undefined on a clash.
     * A new default collection takes the flag from any earlier one.
     */
    insert(d: NewDomain): Promise<DomainRow | undefined> {
      return db.transaction().execute(async (trx) => {
        // One default-setting insert per user at a time: concurrent ones could not see each
        // other's new row and each left its own flag, so the user had several defaults.
        // NO KEY UPDATE does not block the key-share locks other inserts' foreign keys take.
        if (d.isDefault) await trx.selectFrom("users").select("id").where("id", "=", d.userId).forNoKeyUpdate().execute();
        const row = await trx
          .insertInto("domains")
          .values({
            id: d.id,
            user_id: d.userId,
            name: d.name,
            slug: d.slug,
            description: d.description,
            primary_color: d.primaryColor,
            is_default: d.isDefault,
          })
          .onConflict((oc) => oc.columns(["user_id", "slug"]).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (row && d.isDefault) {
          await trx
            .updateTable("domains")
            .set({ is_default: false })
            .$call(ownedBy("domains", d.userId))
            .where("id", "!=", row.id)
            .where("is_default", "=", true)
            .execute();
        }
        return row;
      });
    },

    /** Changes the name, description or colour; undefined when the user has no such collection. */
    update(
      userId: string,
      id: string,
      patch: { name?: string; description?: string | null; primaryColor?: string },
    ): Promise<DomainRow | undefined> {
      const set: { name?: string; description?: string | null; primary_color?: string } = {};
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.description !== undefined) set.description = patch.description;
      if (patch.primaryColor !== undefined) set.primary_color = patch.primaryColor;
      if (Object.keys(set).length === 0) return this.find(userId, id);
      return db.updateTable("domains").set(set).$call(ownedBy("domains", userId)).where("id", "=", id).returningAll().executeTakeFirst();
    },

    /** How many notes and summaries go with the collection, for the delete confirmation. */
    async contents(userId: string, id: string): Promise<{ notes: number; summaries: number }> {
      const [notes, summaries] = await Promise.all([
        db.selectFrom("voice_notes").$call(ownedBy("voice_notes", userId)).where("domain_id", "=", id).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
        db.selectFrom("summaries").$call(ownedBy("summaries", userId)).where("domain_id", "=", id).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return { notes: Number(notes.n), summaries: Number(summaries.n) };
    },

    /**
     * Deletes the collection; its notes, summaries, summary types and threads go with it (the
     * foreign keys cascade). Returns the audio keys its notes held, to delete the files after
     * the rows, or undefined when the user has no such collection.
     */
    delete(userId: string, id: string): Promise<string[] | undefined> {
      return db.transaction().execute(async (trx) => {
        const keys = await trx
          .selectFrom("voice_notes")
          .select("audio_key")
          .$call(ownedBy("voice_notes", userId))
          .where("domain_id", "=", id)
          .where("audio_key", "is not", null)
          .execute();
        const row = await trx.deleteFrom("domains").$call(ownedBy("domains", userId)).where("id", "=", id).returning("id").executeTakeFirst();
        return row ? keys.map((k) => k.audio_key!) : undefined;
      });
    },

    async stats(userId: string, domainId: string): Promise<DomainStatsRow> {
      const row = await db
        .selectFrom("voice_notes")
        .$call(ownedBy("voice_notes", userId))
        .where("domain_id", "=", domainId)
        .select((eb) => [
          eb.fn.countAll<number>().as("total_recordings"),
          // bigint: a collection's seconds can pass 2^31 (int overflowed with a 500); counts cannot.
          sql<number>`coalesce(sum(${eb.ref("duration")}), 0)::bigint`.as("total_duration"),
          sql<number>`count(*) filter (where ${eb.ref("is_transcribed")})::int`.as("transcribed_count"),
          eb.fn.max("created_at").as("recent_recording"),
        ])
        .executeTakeFirstOrThrow();
      return {
        totalRecordings: Number(row.total_recordings),
        totalDuration: Number(row.total_duration),
        transcribedCount: Number(row.transcribed_count),
        recentRecording: row.recent_recording ? new Date(row.recent_recording) : null,
      };
    },
  };
}
export type DomainsRepository = ReturnType<typeof domainsRepository>;
