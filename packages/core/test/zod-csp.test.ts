import { describe, expect, it } from "vitest";

describe("zod-csp", () => {
  it("turns zod's compiled parsers off before zod loads, and schemas still parse", async () => {
    await import("../src/zod-csp");
    const { z, config } = await import("zod");
    expect(config().jitless).toBe(true);
    // With eval allowed (as in Node), zod would compile this object's parser unless jitless holds.
    const schema = z.object({ id: z.string(), n: z.number() });
    expect(schema.parse({ id: "a", n: 1 })).toEqual({ id: "a", n: 1 });
    expect(schema.safeParse({ id: "a" }).success).toBe(false);
  });
});
