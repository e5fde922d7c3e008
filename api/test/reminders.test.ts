import { REMINDER_TITLE, REMINDER_URL, type ReminderSettings } from "@vj/core";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { inject } from "vitest";
import type { Database } from "../src/db/database.js";
import { openPostgres } from "../src/db/database.js";
import { publicOnlyLookup, pushEndpointProblem } from "../src/push/endpoint-policy.js";
import { createPushSender } from "../src/push/send.js";
import { loadVapidDetails } from "../src/push/vapid.js";
import { JobLoop } from "../src/jobs/job-loop.js";
import { REMINDER_JOB, reminderKind } from "../src/reminders/reminder-kind.js";
import type { ServiceContext } from "../src/services/context.js";
import { serviceContext } from "../src/routes/index.js";
import { putReminderSettings } from "../src/services/reminders.js";
import { createLogger } from "../src/logger.js";
import { createUser, type TestUser } from "./factories.js";
import { createTestApp, databaseUrl, dbKinds, type TestApp } from "./harness.js";
import { call, createDomain, expectError } from "./support/api.js";
import { seedNotes } from "./support/notes.js";
import { decryptPush, startPushService, verifyVapid, type BrowserKeys, type PushServiceStandIn } from "./support/push-service.js";

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const silent = createLogger("silent");

describe("which push endpoints the server calls", () => {
  test.each([
    ["http://push.example.com/x", "https"],
    ["https://127.0.0.1/x", "public"],
    ["https://127.1:8443/x", "public"],
    ["https://[::1]/x", "public"],
    ["https://[::ffff:127.0.0.1]/x", "public"],
    ["https://10.0.0.8/x", "public"],
    ["https://192.168.1.1/x", "public"],
    ["https://169.254.169.254/latest/meta-data", "public"],
    ["https://localhost/x", "public"],
    ["https://push.localhost/x", "public"],
    ["https://user:pw@fcm.googleapis.com/x", "credentials"],
    ["not a url", "URL"],
  ])("%s is refused", (endpoint, why) => {
    expect(pushEndpointProblem(endpoint, [])).toContain(why);
  });
  test("public push services are called; an allowlisted origin is too", () => {
    expect(pushEndpointProblem("https://fcm.googleapis.com/fcm/send/abc", [])).toBeNull();
    expect(pushEndpointProblem("https://updates.push.services.mozilla.com/wpush/v2/x", [])).toBeNull();
    expect(pushEndpointProblem("https://127.0.0.1:8443/push/1", ["https://127.0.0.1:8443"])).toBeNull();
    expect(pushEndpointProblem("http://127.0.0.1:8443/push/1", ["https://127.0.0.1:8443"])).toContain("https");
  });
  test("a host name that resolves to an internal address is refused when connecting", async () => {
    const err = await new Promise<NodeJS.ErrnoException | null>((resolve) => publicOnlyLookup("localhost", {}, (e) => resolve(e)));
    expect(err?.code).toBe("EPUSHINTERNAL");
  });
});

describe.each(dbKinds)("reminders on %s", (kind) => {
  let t: TestApp;
  let push: PushServiceStandIn;
  let ctx: ServiceContext;
  const extraDatabases: Database[] = [];

  /** One worker's job loop with the reminder kind, its clock frozen at `now`, worked until nothing is due. */
  const work = (now: Date, workerId = "worker-a", db = t.deps.database.db) => {
    const sender = createPushSender({ vapid: loadVapidDetails(t.deps.config), allowlist: t.deps.config.PUSH_ENDPOINT_ALLOWLIST });
    return new JobLoop({ logger: silent, workerId }).add(reminderKind({ db, sender, clock: () => now })).drain();
  };
  /** The person's reminder jobs: [local day, due instant, status]. */
  const deliveries = async (userId: string) =>
    (
      await t.deps.database.db
        .selectFrom("jobs")
        .select(["once_key", "next_attempt_at", "status"])
        .where("kind", "=", REMINDER_JOB)
        .where("user_id", "=", userId)
        .orderBy("once_key")
        .execute()
    ).map((j) => [j.once_key.split("/")[1], j.next_attempt_at.toISOString(), j.status]);
  const messagesFor = (id: string, keys: BrowserKeys) =>
    push.received.filter((m) => m.id === id).map((m) => JSON.parse(decryptPush(m.body, keys)) as { title: string; body: string; url: string });

  /** A person subscribed at the stand-in with reminders at `time` in `tz`, saved at the frozen `now`. */
  async function subscribed(tz: string, time: string, now: Date, extra: Partial<ReminderSettings> = {}) {
    const user = await createUser(t.deps);
    const keys = push.subscribe(user.id);
    const res = await call(t, "POST", "/api/push/subscriptions", { user, json: keys.subscription });
    expect(res.status, await res.clone().text()).toBe(201);
    await putReminderSettings(ctx, user.id, { enabled: true, time, days: EVERY_DAY, onlyIfNoNote: true, tz, ...extra }, now);
    return { user, keys };
  }

  beforeAll(async () => {
    push = await startPushService(inject("pushCertificate"));
    t = await createTestApp(kind, { PUSH_ENDPOINT_ALLOWLIST: push.origin });
    ctx = { ...serviceContext(t.deps), logger: silent };
  });
  afterAll(async () => {
    for (const d of extraDatabases) await d.close();
    await t.close();
    await push.close();
  });

  test("settings: defaults, saved as sent, and refused when malformed", async () => {
    const user = await createUser(t.deps);
    const initial = (await (await call(t, "GET", "/api/reminders", { user })).json()) as ReminderSettings;
    expect(initial).toEqual({ enabled: false, time: "20:00", days: EVERY_DAY, onlyIfNoNote: true, tz: "UTC" });
    const body = { enabled: true, time: "07:45", days: [5, 1, 3, 1], onlyIfNoNote: false, tz: "Asia/Kolkata" };
    const saved = await call(t, "PUT", "/api/reminders", { user, json: body });
    expect(await saved.json()).toEqual({ ...body, days: [1, 3, 5] });
    expect(await (await call(t, "GET", "/api/reminders", { user })).json()).toEqual({ ...body, days: [1, 3, 5] });
    for (const bad of [{ time: "24:00" }, { time: "7:45" }, { days: [0] }, { days: [8] }, { tz: "Mars/Base" }, { enabled: "yes" }]) {
      await expectError(await call(t, "PUT", "/api/reminders", { user, json: { ...body, ...bad } }), 400, "validation_failed");
    }
  });

  test("the VAPID public key is generated once and is the one the push service sees", async () => {
    const user = await createUser(t.deps);
    const first = (await (await call(t, "GET", "/api/push/public-key", { user })).json()) as { publicKey: string };
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(((await (await call(t, "GET", "/api/push/public-key", { user })).json()) as { publicKey: string }).publicKey).toBe(first.publicKey);
  });

  test("a due reminder reaches the https push service encrypted, and decrypts to the notification", async () => {
    const now = new Date("2026-01-10T12:00:00Z");
    const { user, keys } = await subscribed("Europe/Berlin", "20:00", now);
    await work(now); // 19:00 UTC has not come yet
    expect(await deliveries(user.id)).toEqual([]);
    await work(new Date("2026-01-10T19:00:20Z"));
    const [message] = push.received.filter((m) => m.id === user.id);
    expect(message!.headers["content-encoding"]).toBe("aes128gcm");
    const vapid = verifyVapid(message!.headers.authorization as string, push.origin);
    expect(vapid.publicKey).toBe(loadVapidDetails(t.deps.config).publicKey);
    expect(messagesFor(user.id, keys)).toEqual([{ title: REMINDER_TITLE, body: expect.any(String), url: REMINDER_URL, tag: "journal-reminder" }]);
    expect(await deliveries(user.id)).toEqual([["2026-01-10", "2026-01-10T19:00:00.000Z", "done"]]);
    // Planned again a moment later, by this worker or another: still one reminder that day.
    await work(new Date("2026-01-10T19:01:00Z"), "worker-b");
    expect(push.received.filter((m) => m.id === user.id)).toHaveLength(1);
  });

  test("stays at the local time across a DST change, in two time zones", async () => {
    const berlin = await subscribed("Europe/Berlin", "20:00", new Date("2026-03-28T12:00:00Z"));
    await work(new Date("2026-03-28T19:00:05Z")); // 20:00 CET
    await work(new Date("2026-03-29T18:00:05Z")); // 20:00 CEST, the day the clocks went forward
    expect(await deliveries(berlin.user.id)).toEqual([
      ["2026-03-28", "2026-03-28T19:00:00.000Z", "done"],
      ["2026-03-29", "2026-03-29T18:00:00.000Z", "done"],
    ]);
    const ny = await subscribed("America/New_York", "20:00", new Date("2026-10-31T12:00:00Z"));
    await work(new Date("2026-11-01T00:00:05Z")); // 20:00 EDT on 31 October
    await work(new Date("2026-11-02T01:00:05Z")); // 20:00 EST on 1 November, the day they went back
    expect(await deliveries(ny.user.id)).toEqual([
      ["2026-10-31", "2026-11-01T00:00:00.000Z", "done"],
      ["2026-11-01", "2026-11-02T01:00:00.000Z", "done"],
    ]);
    expect(messagesFor(berlin.user.id, berlin.keys)).toHaveLength(2);
    expect(messagesFor(ny.user.id, ny.keys)).toHaveLength(2);
  });

  test('"only if I haven\'t recorded" skips a day with a note; the body points back to the last note', async () => {
    const now = new Date("2026-02-02T08:00:00Z");
    const quiet = await subscribed("Asia/Tokyo", "21:00", now);
    const domain = (await createDomain(t, quiet.user, { name: "Days", isDefault: true })).id;
    // 23:30 Tokyo time on 2 February: that day has a note.
    await seedNotes(t, quiet.user.id, domain, [{ at: "2026-02-02T14:30:00Z", title: "Late thoughts" }]);
    await work(new Date("2026-02-02T12:00:10Z"));
    await work(new Date("2026-02-03T12:00:10Z"));
    // The 2nd had a note: that day's job ran and sent nothing; the 3rd's was sent.
    expect((await deliveries(quiet.user.id)).map(([day, , status]) => [day, status])).toEqual([
      ["2026-02-02", "done"],
      ["2026-02-03", "done"],
    ]);
    expect(messagesFor(quiet.user.id, quiet.keys).map((m) => m.body)).toEqual(["Last time: Late thoughts"]);
    // With the option off, a day with a note is reminded too.
    const always = await subscribed("Asia/Tokyo", "21:00", now, { onlyIfNoNote: false });
    const theirs = (await createDomain(t, always.user, { name: "Days", isDefault: true })).id;
    await seedNotes(t, always.user.id, theirs, [{ at: "2026-02-02T03:00:00Z" }]);
    await work(new Date("2026-02-02T12:00:10Z"));
    expect(messagesFor(always.user.id, always.keys)).toHaveLength(1);
  });

  test.each([404, 410])("a subscription the push service calls gone (%i) is removed; other devices still get it", async (gone) => {
    const now = new Date("2026-04-01T06:00:00Z");
    const { user, keys } = await subscribed("UTC", "07:00", now);
    const laptop = push.subscribe(`${user.id}-laptop`);
    expect((await call(t, "POST", "/api/push/subscriptions", { user, json: laptop.subscription })).status).toBe(201);
    push.answer(user.id, gone);
    await work(new Date("2026-04-01T07:00:10Z"));
    const left = await t.deps.database.db.selectFrom("push_subscriptions").select("endpoint").where("user_id", "=", user.id).execute();
    expect(left.map((s) => s.endpoint)).toEqual([laptop.subscription.endpoint]);
    expect(messagesFor(user.id, keys)).toEqual([]);
    expect(messagesFor(`${user.id}-laptop`, laptop)).toHaveLength(1);
    // Its last device gone too: the day is skipped, and nothing is called any more.
    push.answer(`${user.id}-laptop`, gone);
    await work(new Date("2026-04-02T07:00:10Z"));
    expect(await t.deps.database.db.selectFrom("push_subscriptions").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    expect((await deliveries(user.id)).map(([, , status]) => status)).toEqual(["done", "done"]);
  });

  test("two workers send each person's reminder once", async () => {
    const now = new Date("2026-05-05T05:00:00Z");
    const people = await Promise.all(Array.from({ length: 6 }, () => subscribed("Europe/Lisbon", "07:30", now)));
    // A second worker with its own connections (on PostgreSQL, as another process would have).
    let otherDb = t.deps.database.db;
    if (kind === "postgres") {
      const second = openPostgres(await databaseUrl(t.deps.database), 5);
      extraDatabases.push(second);
      otherDb = second.db;
    }
    const at = new Date("2026-05-05T06:30:10Z");
    await Promise.all([work(at, "worker-a"), work(at, "worker-b", otherDb)]);
    for (const p of people) {
      expect(messagesFor(p.user.id, p.keys)).toHaveLength(1);
      expect(await deliveries(p.user.id)).toEqual([["2026-05-05", "2026-05-05T06:30:00.000Z", "done"]]);
    }
    // Run again at the same instant: nothing more is sent.
    await Promise.all([work(at, "worker-a"), work(at, "worker-b", otherDb)]);
    for (const p of people) expect(messagesFor(p.user.id, p.keys)).toHaveLength(1);
  });

  test("endpoints other than https on a public address are refused unless their origin is allowlisted", async () => {
    const user = await createUser(t.deps);
    const keys = { p256dh: "BA".padEnd(87, "A"), auth: "AAAAAAAAAAAAAAAAAAAAAA" };
    const standIn = new URL(push.origin);
    // The stand-in over http, the loopback on another port, a local name: none is the allowlisted origin.
    for (const endpoint of [`http://127.0.0.1:${standIn.port}/push/x`, "https://127.0.0.1:1/push/x", `https://${os.hostname()}.localhost/x`]) {
      const res = await call(t, "POST", "/api/push/subscriptions", { user, json: { endpoint, keys } });
      const body = await expectError(res, 400, "validation_failed");
      expect(body.error.issues?.[0]?.path).toBe("endpoint");
    }
    const ok = await call(t, "POST", "/api/push/subscriptions", { user, json: { endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys } });
    expect(ok.status).toBe(201);
    // Production (no allowlist): the sender refuses the loopback stand-in even for a subscription stored before.
    const sender = createPushSender({ vapid: loadVapidDetails(t.deps.config), allowlist: [] });
    expect(await sender.send({ endpoint: push.subscribe("y").subscription.endpoint, ...keys }, "{}")).toMatchObject({ kind: "refused" });
    expect(push.received.filter((m) => m.id === "y")).toEqual([]);
    // DELETE forgets it; again is still success.
    for (let i = 0; i < 2; i++) {
      const del = await call(t, "DELETE", "/api/push/subscriptions", { user, json: { endpoint: "https://fcm.googleapis.com/fcm/send/abc" } });
      expect(await del.json()).toEqual({ success: true });
    }
    expect(await t.deps.database.db.selectFrom("push_subscriptions").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
  });
});

describe("VAPID keys from the environment", () => {
  let push: PushServiceStandIn;
  let t: TestApp;
  const pair = webpush.generateVAPIDKeys();
  beforeAll(async () => {
    push = await startPushService(inject("pushCertificate"));
    t = await createTestApp("pglite", {
      PUSH_ENDPOINT_ALLOWLIST: push.origin,
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: "mailto:family@example.org",
    });
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  test("are the ones the app offers and the push service sees, with their subject; none is generated into DATA_DIR", async () => {
    const user = await createUser(t.deps);
    expect(((await (await call(t, "GET", "/api/push/public-key", { user })).json()) as { publicKey: string }).publicKey).toBe(pair.publicKey);
    const keys = push.subscribe(user.id);
    expect((await call(t, "POST", "/api/push/subscriptions", { user, json: keys.subscription })).status).toBe(201);
    const now = new Date("2026-03-02T06:00:00Z");
    await putReminderSettings({ ...serviceContext(t.deps), logger: silent }, user.id, { enabled: true, time: "07:00", days: EVERY_DAY, onlyIfNoNote: true, tz: "UTC" }, now);
    const sender = createPushSender({ vapid: loadVapidDetails(t.deps.config), allowlist: t.deps.config.PUSH_ENDPOINT_ALLOWLIST });
    await new JobLoop({ logger: silent }).add(reminderKind({ db: t.deps.database.db, sender, clock: () => new Date("2026-03-02T07:00:10Z") })).drain();
    const [message] = push.received.filter((m) => m.id === user.id);
    expect(verifyVapid(message!.headers.authorization as string, push.origin)).toEqual({ publicKey: pair.publicKey, subject: "mailto:family@example.org" });
    expect(fs.existsSync(path.join(t.deps.config.DATA_DIR, "vapid-keys.json"))).toBe(false);
  });
});
