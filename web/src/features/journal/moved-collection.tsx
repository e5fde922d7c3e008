import { useNavigate } from "@tanstack/react-router";
import type { Domain } from "@vj/core";
import { useEffect, useState } from "react";
import type { JournalSearch } from "../journal-view/search-params";
import { followedServerId } from "../outbox/changes-store";
import { outboxDb } from "../outbox/outbox-db";
import { CollectionNotFound } from "./collection-not-found";
import { StatusScreen } from "./status-screen";

/** An address made from an id (a name with no a-z/0-9, or a reserved one) ends with its first 8 characters. */
const ID_SUFFIX = /-([0-9a-f]{8})$/;

/**
 * An address the list does not know. A collection made on this device was shown under an address
 * made from the device's id; once the server gave it its own id, that address moved: the screen
 * follows it. Any other unknown address is said to be one.
 */
export function MovedOrNotFound({ slug, collections }: { slug: string; collections: readonly Domain[] }) {
  const navigate = useNavigate();
  const [looked, setLooked] = useState<string | null>(null);
  const ids = collections.map((c) => c.id).join(" ");
  useEffect(() => {
    const start = ID_SUFFIX.exec(slug)?.[1];
    if (!start) return setLooked(slug);
    let live = true;
    followedServerId(outboxDb(), start)
      .catch(() => null)
      .then((serverId) => {
        if (!live) return;
        const moved = serverId ? collections.find((c) => c.id === serverId) : undefined;
        if (moved) void navigate({ to: "/$slug", params: { slug: moved.slug }, search: (search: JournalSearch) => search, replace: true });
        else setLooked(slug);
      });
    return () => {
      live = false;
    };
    // The list is read through its ids: a new array with the same collections changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slug, ids, navigate]);
  return looked === slug ? <CollectionNotFound slug={slug} /> : <StatusScreen text="Loading..." />;
}
