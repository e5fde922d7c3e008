// Hostile inputs, generated from a seed so that a failure can be replayed (SEED=… in the environment).

/** mulberry32: a small, fast, seeded generator; the same seed gives the same run. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)]!;
    },
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof rng>;

export const hostileStrings = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "\ufffd",
  "\u202eevil",
  "😀".repeat(50),
  "x".repeat(5000),
  "../../etc/passwd",
  "%00",
  "%ZZ",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "0x10",
  "1e309",
  "-1",
  "NaN",
  "Infinity",
  "null",
  "true",
  "[]",
  "{}",
  "00000000-0000-0000-0000-00000000000g",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  // dates, period keys, time zones
  "2026-02-30",
  "2026-W60",
  "2026-W00",
  "2026-13",
  "0000-01-01",
  "99999-01-01",
  "2026-03-10T25:61:00Z",
  "+275760-09-13T00:00:00.000Z",
  "-271821-04-20T00:00:00.000Z",
  "day",
  "year",
  "Mars/Olympus",
  "Etc/GMT+99",
  "UTC\u0000",
  "America/New_York",
];

export const hostileValues = (r: Rng, ids: string[]): unknown => {
  switch (r.int(9)) {
    case 0:
      return r.pick(hostileStrings);
    case 1:
      return r.pick([0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 86_401, 2 ** 31]);
    case 2:
      return r.pick([true, false, null]);
    case 3:
      return [r.pick(hostileStrings), r.pick(ids)];
    case 4:
      return { nested: { $ne: null }, __proto__: { admin: true } };
    case 5:
      return r.pick(ids);
    case 6:
      return Array.from({ length: 1000 }, (_, i) => i);
    case 7:
      return r.pick(ids).toUpperCase();
    default:
      return "ordinary text";
  }
};

/** JSON nested `depth` levels: arrays or objects. */
export function deepJson(depth: number, kind: "array" | "object"): string {
  return kind === "array" ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
}

/** Raw bodies that are not the JSON an operation reads. */
export function rawBodies(r: Rng): { body: string; type?: string } {
  return r.pick([
    { body: "{not json", type: "application/json" },
    { body: "", type: "application/json" },
    { body: "null", type: "application/json" },
    { body: "[]", type: "application/json" },
    { body: '"just a string"', type: "text/plain" },
    { body: deepJson(20_000, "array"), type: "application/json" },
    { body: deepJson(5_000, "object"), type: "application/json" },
    { body: JSON.stringify({ text: "x".repeat(3 * 1024 * 1024) }), type: "application/json" },
    { body: '{"a":1,"a":2,"__proto__":{"isAdmin":true}}', type: "application/json" },
    { body: "\u0000\u0001\u0002", type: "application/octet-stream" },
    { body: JSON.stringify({ title: "\ud800" }).replace("\\ud800", "\\udbff"), type: "application/json" },
  ]);
}

/** Multipart bodies that are cut short, malformed, or not what the operation reads. */
export function hostileMultipart(r: Rng, fileField: string): { body: Buffer | string; type: string } {
  const b = "BND";
  const type = `multipart/form-data; boundary=${b}`;
  const part = (name: string, extra = "", content = "x") => `--${b}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n${content}\r\n`;
  return r.pick([
    { body: `--${b}\r\nContent-Disposition: form-data; name="${fileField}"; filename="x.bin"\r\nContent-Type: application/zip\r\n\r\nPK`, type },
    { body: `--${b}\r\nContent-Disposition: form-data; name="other"; filename="x.bin"\r\n\r\nPK`, type },
    { body: `--${b}\r\nContent-Disposition: form-data; name="title"\r\n\r\nno end`, type },
    { body: `--${b}--\r\n`, type },
    { body: "", type },
    { body: "not multipart at all", type },
    { body: `${part("title", "", "a\u0000b")}${part("duration", "", "0x10")}--${b}--\r\n`, type },
    { body: `${part(fileField, '; filename="\u0000.webm"', "RIFF")}--${b}--\r\n`, type },
    { body: `--${b}\r\nContent-Disposition: form-data; name="${fileField}"; filename="a.webm"\r\nContent-Type: audio/webm\r\n\r\n${"\u001a\u0045\u00df\u00a3".repeat(10)}\r\n--${b}--\r\n`, type },
    { body: `${part(fileField, '; filename="a.webm"', "x")}--${b}--\r\n`, type: "multipart/form-data" },
    { body: `${part(fileField, '; filename="a.webm"', "x")}--${b}--\r\n`, type: "multipart/form-data; boundary=" + "x".repeat(100) },
    { body: `--${b}\r\n${"X-Long: " + "h".repeat(100_000)}\r\n\r\nx\r\n--${b}--\r\n`, type },
    { body: Array.from({ length: 200 }, (_, i) => part(`f${i}`)).join("") + `--${b}--\r\n`, type },
  ]);
}

/** Authorization headers that must all answer 401. */
export function badTokens(r: Rng, victimToken: string): string | undefined {
  const [h, p] = victimToken.split(".");
  return r.pick([
    undefined,
    "Bearer",
    "Bearer ",
    "Basic dXNlcjpwYXNz",
    "Bearer x.y.z",
    `Bearer ${h}.${p}.`,
    `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${p}.`,
    `Bearer ${victimToken}x`,
    `Bearer ${"a".repeat(10_000)}`,
    "Bearer \u0000",
  ]);
}
