import { z } from "zod";
import { SEARCH_SNIPPET_MAX } from "../constants.js";
import { idSchema, periodSchema } from "./common.js";

/**
 * The search cursor: the last hit of a page in the order hits are ranked (relevance tier, then
 * newer first, then id). Opaque to clients, which pass X-Next-Cursor back as `before`.
 */
export interface SearchCursor {
  /** 1: a title match; 2: any other match. */
  tier: 1 | 2;
  /** UTC timestamp with six fractional digits. */
  at: string;
  id: string;
}

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeSearchCursor(cursor: SearchCursor): string {
  return btoa(`${cursor.tier}~${cursor.at}~${cursor.id}`).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The cursor, or null when the text is not one this API wrote. */
export function decodeSearchCursor(text: string): SearchCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  let plain: string;
  try {
    plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
  const [tier, at, id, ...rest] = plain.split("~");
  if (rest.length || (tier !== "1" && tier !== "2") || !at || !id || !AT.test(at) || !ID.test(id)) return null;
  if (Number.isNaN(Date.parse(at))) return null;
  return { tier: tier === "1" ? 1 : 2, at, id: id.toLowerCase() };
}

/** `[start, end)` character offsets (UTF-16, as JavaScript counts) of a matched word in a snippet. */
const highlightSchema = z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]);

const hitFields = {
  id: idSchema,
  domainId: idSchema,
  title: z.string(),
  createdAt: z.string(),
  /** Plain text around the best match, at most SEARCH_SNIPPET_MAX characters; never HTML. */
  snippet: z.string(),
  highlights: z.array(highlightSchema),
};

export const searchHitSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("note"), ...hitFields, duration: z.number().int() }),
  z.object({ kind: z.literal("summary"), ...hitFields, period: periodSchema, periodKey: z.string() }),
]);
export type SearchHit = z.infer<typeof searchHitSchema>;
export const searchHitListSchema = z.array(searchHitSchema);
