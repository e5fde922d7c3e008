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
