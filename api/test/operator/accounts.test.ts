import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import WebSocket from "ws";
import { dbKinds, startTestServer } from "../harness.js";

type Server = Awaited<ReturnType<typeof startTestServer>>;

const client = (url: string) =>
  createClient(url, "anon-key", { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } });

let seq = 0;
const newEmail = () => `op${Date.now()}${seq++}@example.com`;

/** A sign-up through supabase-js, as the web app makes it (an invitation rides in options.data). */
async function signUp(url: string, email = newEmail(), invitation?: string) {
  const { data, error } = await client(url).auth.signUp({ email, password: "secret123", ...(invitation ? { options: { data: { invitation } } } : {}) });
  return { email, session: data.session, error };
}

async function api(url: string, token: string, method: string, path: string, json?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json !== undefined ? { "content-type": "application/json" } : {}) },
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe.each(dbKinds)("sign-ups, invitations and the admin's accounts on %s", (kind) => {
  let server: Server;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  test("the first account is the admin; the next ones are not", async () => {
    const first = await signUp(server.url);
    expect(first.error).toBeNull();
    admin = first.session!.access_token;
    expect((await api(server.url, admin, "GET", "/api/account")).body).toMatchObject({ email: first.email, isAdmin: true });
    const second = await signUp(server.url);
    expect((await api(server.url, second.session!.access_token, "GET", "/api/account")).body.isAdmin).toBe(false);
    expect((await api(server.url, second.session!.access_token, "GET", "/api/admin/accounts")).status).toBe(404);
    const accounts = (await api(server.url, admin, "GET", "/api/admin/accounts")).body as { email: string; isAdmin: boolean }[];
    expect(accounts.map((a) => [a.email, a.isAdmin])).toEqual([
      [first.email, true],
      [second.email, false],
    ]);
  });

  for (const policy of ["closed", "invite"] as const) {
    test(`${policy}: no sign-up without an invitation; an invitation lets one person in, once`, async () => {
      expect((await api(server.url, admin, "PATCH", "/api/admin/settings", { signups: policy })).body.signups).toEqual({ value: policy, fromEnvironment: false });
      expect(await (await fetch(`${server.url}/api/signup-policy`)).json()).toEqual({ signups: policy });
      const settings = (await (await fetch(`${server.url}/auth/v1/settings`)).json()) as { disable_signup: boolean };
      expect(settings.disable_signup).toBe(policy === "closed");

      const refused = await signUp(server.url);
      expect(refused.session).toBeNull();
      expect(refused.error).toMatchObject({ status: 422, code: "signup_disabled", message: "Signups not allowed for this instance" });

      const invitation = (await api(server.url, admin, "POST", "/api/admin/invitations", {})).body as { token: string; id: string };
      expect(((await (await fetch(`${server.url}/api/signup-policy?invitation=${invitation.token}`)).json()) as any).invitation).toEqual({ status: "valid", email: null });
      const invited = await signUp(server.url, newEmail(), invitation.token);
      expect(invited.error).toBeNull();
      expect(invited.session?.access_token).toBeTruthy();

      const again = await signUp(server.url, newEmail(), invitation.token);
      expect(again.error).toMatchObject({ status: 422, code: "signup_disabled", message: "This invitation link has already been used. Ask for a new one." });
      expect(((await (await fetch(`${server.url}/api/signup-policy?invitation=${invitation.token}`)).json()) as any).invitation.status).toBe("used");
      const listed = (await api(server.url, admin, "GET", "/api/admin/invitations")).body as { id: string; status: string; usedByEmail: string }[];
      expect(listed.find((i) => i.id === invitation.id)).toMatchObject({ status: "used", usedByEmail: invited.email });
    });
  }

  test("an expired invitation, one for another address and an unknown one are refused", async () => {
    const expired = (await api(server.url, admin, "POST", "/api/admin/invitations", { expiresInDays: 1 })).body as { token: string; id: string };
    await server.deps.database.db.updateTable("invitations").set({ expires_at: new Date(Date.now() - 1000) }).where("id", "=", expired.id).execute();
    expect((await signUp(server.url, newEmail(), expired.token)).error?.message).toBe("This invitation link has expired. Ask for a new one.");

    const named = (await api(server.url, admin, "POST", "/api/admin/invitations", { email: "Named@Example.com" })).body as { token: string };
    expect((await signUp(server.url, "someone.else@example.com", named.token)).error?.message).toBe("This invitation is for another e-mail address.");
    expect((await signUp(server.url, "named@example.com", named.token)).error).toBeNull();

    expect((await signUp(server.url, newEmail(), "not-a-real-token")).error?.message).toBe("This invitation link is not valid. Ask for a new one.");
  });

  test("the last admin cannot be removed; a disabled account cannot sign in and its sessions stop at once", async () => {
    const me = (await api(server.url, admin, "GET", "/api/account")).body as { id: string };
    const last = await api(server.url, admin, "PATCH", `/api/admin/accounts/${me.id}`, { isAdmin: false });
    expect(last).toMatchObject({ status: 409, body: { error: { code: "conflict" } } });
    expect((await api(server.url, admin, "DELETE", `/api/admin/accounts/${me.id}`)).status).toBe(409);
    expect((await api(server.url, admin, "PATCH", `/api/admin/accounts/${me.id}`, { disabled: true })).status).toBe(409);

    await api(server.url, admin, "PATCH", "/api/admin/settings", { signups: "open" });
    const friend = await signUp(server.url);
    const friendToken = friend.session!.access_token;
    const friendId = (await api(server.url, friendToken, "GET", "/api/account")).body.id as string;
    expect((await api(server.url, friendToken, "GET", "/api/domains")).status).toBe(200);

    const disabled = await api(server.url, admin, "PATCH", `/api/admin/accounts/${friendId}`, { disabled: true });
    expect(disabled.body).toMatchObject({ id: friendId, disabled: true });
    expect((await api(server.url, friendToken, "GET", "/api/domains")).status).toBe(401);
    const refreshed = await client(server.url).auth.refreshSession({ refresh_token: friend.session!.refresh_token });
    expect(refreshed.data.session).toBeNull();
    const signIn = await client(server.url).auth.signInWithPassword({ email: friend.email, password: "secret123" });
    expect(signIn.error).toMatchObject({ status: 400, code: "user_banned" });

    await api(server.url, admin, "PATCH", `/api/admin/accounts/${friendId}`, { disabled: false, isAdmin: true });
    const back = await client(server.url).auth.signInWithPassword({ email: friend.email, password: "secret123" });
    expect(back.error).toBeNull();
    // Two admins now: either may step down, not both.
    expect((await api(server.url, admin, "PATCH", `/api/admin/accounts/${me.id}`, { isAdmin: false })).status).toBe(200);
    expect((await api(server.url, back.data.session!.access_token, "PATCH", `/api/admin/accounts/${friendId}`, { isAdmin: false })).status).toBe(409);
    expect((await api(server.url, admin, "GET", "/api/admin/accounts")).status).toBe(404);
  });
});

describe("SIGNUPS in the environment", () => {
  test("wins over the admin screen, which shows it and cannot change it", async () => {
    const server = await startTestServer("pglite", { SIGNUPS: "closed" });
    try {
      // The very first account is always allowed, even when closed.
      const first = await signUp(server.url);
      expect(first.error).toBeNull();
      const token = first.session!.access_token;
      expect((await api(server.url, token, "GET", "/api/admin/settings")).body.signups).toEqual({ value: "closed", fromEnvironment: true });
      const change = await api(server.url, token, "PATCH", "/api/admin/settings", { signups: "open" });
      expect(change).toMatchObject({ status: 409, body: { error: { message: "SIGNUPS is set in the server's environment, which wins: change it there." } } });
      expect((await signUp(server.url)).error?.code).toBe("signup_disabled");
    } finally {
      await server.close();
    }
  });
});
