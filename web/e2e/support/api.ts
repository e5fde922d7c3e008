import fs from "node:fs";
import path from "node:path";
import type { CreateDomainInput, Domain, Summary, VoiceNote } from "@vj/core";
import { JOURNEY_TZ } from "./journey-day";

/** A real one-second Opus-in-WebM recording shared with the API tests. */
export const FIXTURE_WEBM = path.resolve(import.meta.dirname, "../../../api/test/fixtures/note.webm");

export type TestUser = { email: string; password: string; accessToken: string };

/** The user id a bearer token speaks for (its JWT subject). */
export function subjectOf(token: string): string {
  const payload = token.replace(/^Bearer /, "").split(".")[1] ?? "";
  return (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { sub: string }).sub;
}

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Creates an account straight through the auth endpoint, as another device would. */
export async function signUpUser(baseUrl: string, label: string, password = "journal-pass-1"): Promise<TestUser> {
  const email = uniqueEmail(label);
  const res = await fetch(`${baseUrl}/auth/v1/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: "public-anon-key" },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { access_token: string };
  return { email, password, accessToken: body.access_token };
}

/** A new session for an existing account (the browser signing out revokes the older ones). */
export async function signInUser(baseUrl: string, user: TestUser): Promise<TestUser> {
  const res = await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: "public-anon-key" },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { access_token: string };
  return { ...user, accessToken: body.access_token };
}

async function call<T>(baseUrl: string, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, headers: { authorization: `Bearer ${token}` } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] = "application/json";
  }
  const res = await fetch(`${baseUrl}${url}`, init);
  if (!res.ok) throw new Error(`${method} ${url} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The product API as one signed-in user, for arranging what a journey starts from. */
export function apiAs(baseUrl: string, user: TestUser) {
  const as = <T>(method: string, url: string, body?: unknown) => call<T>(baseUrl, user.accessToken, method, url, body);
  return {
    createCollection: (input: Omit<CreateDomainInput, "userId">) => as<Domain>("POST", "/api/domains", { userId: "", ...input }),
    listCollections: () => as<Domain[]>("GET", "/api/domains"),
    collectionStats: (id: string) =>
      as<{ totalRecordings: number; totalDuration: number; transcribedCount: number; recentRecording: string }>("GET", `/api/domains/${id}/stats`),
    /** Uploads the fixture recording as a note; createdAt defaults to now. */
    uploadNote: (input: { domainId: string; title: string; createdAt?: string; duration?: number; clientId?: string }) => {
      const form = new FormData();
      form.set("audio", new Blob([fs.readFileSync(FIXTURE_WEBM)], { type: "audio/webm" }), "recording.webm");
      form.set("title", input.title);
      form.set("duration", String(input.duration ?? 1));
      form.set("createdAt", input.createdAt ?? new Date().toISOString());
      form.set("domainId", input.domainId);
      if (input.clientId) form.set("clientId", input.clientId);
      return as<VoiceNote>("POST", "/api/voice-notes", form);
    },
    /** Writes a note's transcript as the user would by editing it (the note then counts as transcribed). */
    setTranscript: (id: string, transcription: string) => as<VoiceNote>("PATCH", `/api/voice-notes/${id}`, { transcription }),
    listNotes: (query: { domainId: string; period: string; periodKey: string; tz?: string }) =>
      as<VoiceNote[]>("GET", `/api/voice-notes?${new URLSearchParams({ tz: JOURNEY_TZ, ...query })}`),
    listSummaries: (query: { domainId: string; period: string; periodKey: string }) =>
      as<Summary[]>("GET", `/api/summaries?${new URLSearchParams(query)}`),
  };
}
