import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import { ownedBy } from "./scope.js";

export interface PushSubscriptionRow {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export function pushSubscriptionsRepository(db: Kysely<DB>) {
  return {
    /**
     * Stores a browser's subscription for this person. The endpoint names one browser: when it
     * was another account's (the device changed hands), it is this person's from now on.
     */
    async upsert(userId: string, s: { endpoint: string; p256dh: string; auth: string }): Promise<void> {
      await db
        .insertInto("push_subscriptions")
        .values({ user_id: userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth })
        .onConflict((oc) => oc.column("endpoint").doUpdateSet({ user_id: userId, p256dh: s.p256dh, auth: s.auth }))
        .execute();
    },

    async remove(userId: string, endpoint: string): Promise<void> {
      await db.deleteFrom("push_subscriptions").$call(ownedBy("push_subscriptions", userId)).where("endpoint", "=", endpoint).execute();
    },

    /** The push service said this subscription is gone (404/410). */
    async removeById(id: string): Promise<void> {
      await db.deleteFrom("push_subscriptions").where("id", "=", id).execute();
    },

    list(userId: string): Promise<PushSubscriptionRow[]> {
      return db
        .selectFrom("push_subscriptions")
        .select(["id", "endpoint", "p256dh", "auth"])
        .$call(ownedBy("push_subscriptions", userId))
        .orderBy("created_at")
        .execute();
    },

    async count(userId: string): Promise<number> {
      const row = await db
        .selectFrom("push_subscriptions")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .$call(ownedBy("push_subscriptions", userId))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
