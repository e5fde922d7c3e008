/**
 * The notes list cursor (DESIGN §6): the position of the last note of a page, the `(createdAt,
 * id)` pair the list is ordered by (newest first, ties broken by id). Opaque to clients, which
 * pass the X-Next-Cursor header back as `before`. The timestamp keeps the database's microseconds
 * so a note is never skipped or repeated between pages, even when many share a createdAt.
 */
export interface NoteCursor {
  /** UTC timestamp with six fractional digits, e.g. 2026-05-01T08:00:00.123456Z. */
  at: string;
  id: string;
}

const AT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.\d{6}Z$/;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    return atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
}

export function encodeNoteCursor(cursor: NoteCursor): string {
  return toBase64Url(`${cursor.at}~${cursor.id}`);
}

/** The cursor, or null when the text is not one this API wrote (including impossible dates). */
export function decodeNoteCursor(text: string): NoteCursor | null {
  const plain = fromBase64Url(text);
  if (plain === null) return null;
  const [at, id, ...rest] = plain.split("~");
  if (rest.length || !at || !id || !ID.test(id)) return null;
  const m = AT.exec(at);
  // A real calendar instant: Date rolls 2026-02-30 over to March, which the round trip catches.
  const ms = m ? Date.parse(`${m[1]}Z`) : Number.NaN;
  if (!m || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 19) !== m[1]) return null;
  return { at, id: id.toLowerCase() };
}
