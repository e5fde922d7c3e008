import type { ErrorCode } from "@vj/core";
import { currentAccessToken } from "./access-token";
import { notifyApiSuccess } from "./api-success";
import { nextTask } from "./next-task";
import { sharedImport } from "./retry-import";

/**
 * The one client for the product API (SPEC §7): JSON in and out (multipart for note uploads),
 * the session's bearer token, and a typed error whose message is "{status}: {text}".
 */

/** A failed product request. `code` and `serverMessage` come from the one error body when the API sent it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    readonly code: ErrorCode | null,
  ) {
    super(`${status}: ${serverMessage}`);
    this.name = "ApiError";
  }
}

export type Query = Record<string, string | number | undefined | null>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

type AnswerSchemas = typeof import("./answer-schemas");
/**
 * The answer schemas' chunk, loaded once; what reads a reply outside `apiFetch` awaits it too. zod
 * comes first, evaluated in a task of its own, and the schemas built with it in the next: together
 * they made one of the signed-in start's longest tasks.
 */
export const loadAnswerSchemas = sharedImport(async () => {
  await import("@vj/core/zod-runtime");
  await nextTask();
  return import("./answer-schemas");
});

/** What validates a JSON reply: loaded with zod on first use, so the app's start evaluates neither. */
export type AnswerSchema<T> = { load(): Promise<{ parse(value: unknown): T }> };

/** One of the answer schemas (answer-schemas.ts), as `schema` of a request: `answerSchema((s) => s.voiceNoteSchema)`. */
export function answerSchema<T>(pick: (schemas: AnswerSchemas) => { parse(value: unknown): T }): AnswerSchema<T> {
  return { load: () => loadAnswerSchemas().then(pick) };
}

async function errorFrom(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return new ApiError(res.status, text || res.statusText, null);
  }
  // Without the schemas' code (its chunk did not arrive), the status and the body's text still say what failed.
  const parsed = (await loadAnswerSchemas().catch(() => null))?.errorBodySchema.safeParse(json);
  if (parsed?.success) return new ApiError(res.status, parsed.data.error.message, parsed.data.error.code);
  return new ApiError(res.status, text || res.statusText, null);
}

export type RequestOptions<T> = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Query;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Validates the JSON reply (`answerSchema`); without it the reply is returned as parsed. */
  schema?: AnswerSchema<T>;
  signal?: AbortSignal;
};

export type ApiResponse<T> = { data: T; headers: Headers };

/** Sends one request and returns the parsed reply with its headers; any non-2xx throws ApiError. */
export async function apiFetch<T>(path: string, options: RequestOptions<T> = {}): Promise<ApiResponse<T>> {
  const headers = new Headers();
  const token = currentAccessToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.body);
  }
  // The schema's code loads while the request is under way; a reply is never returned unchecked.
  const schema = options.schema?.load();
  schema?.catch(() => undefined);
  const res = await fetch(withQuery(path, options.query), { method: options.method ?? "GET", headers, body, signal: options.signal });
  if (!res.ok) throw await errorFrom(res);
  notifyApiSuccess();
  const text = await res.text();
  const json: unknown = text ? JSON.parse(text) : null;
  return { data: schema ? (await schema).parse(json) : (json as T), headers: res.headers };
}

/**
 * A request whose reply is read as it arrives (Server-Sent Events): the open Response on a 2xx,
 * the typed ApiError otherwise.
 */
export async function apiOpen(path: string, options: { method?: "POST" | "GET"; body?: unknown; accept?: string; signal?: AbortSignal } = {}): Promise<Response> {
  const headers = new Headers({ Accept: options.accept ?? "text/event-stream" });
  const token = currentAccessToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (options.body !== undefined) headers.set("Content-Type", "application/json");
  const res = await fetch(path, {
    method: options.method ?? "POST",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!res.ok) throw await errorFrom(res);
  notifyApiSuccess();
  return res;
}

export async function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  return (await apiFetch(path, options)).data;
}

/**
 * A binary reply (a note's recording) as a Blob. Media elements cannot send the bearer token
 * themselves, so the page fetches with it and plays the Blob.
 */
export async function apiBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const headers = new Headers();
  const token = currentAccessToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const res = await fetch(path, { headers, signal });
  if (!res.ok) throw await errorFrom(res);
  notifyApiSuccess();
  return res.blob();
}

/** The default data read (SPEC §7): a GET whose 401 yields null instead of failing. */
export async function apiRead<T>(path: string, options: Omit<RequestOptions<T>, "method" | "body"> = {}): Promise<T | null> {
  try {
    return await apiRequest(path, options);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

let zone: { name: string; readAt: number } | null = null;

/**
 * The browser's IANA time zone, sent with every list and generate call (DESIGN §5). Reading it
 * builds an Intl.DateTimeFormat, and the main screen asks many times as it starts (9 ms of its
 * start-up on a 4× slower CPU), so it is read again once a minute: a person who lands in another
 * zone sees their days move within that minute.
 */
export function browserTimeZone(now = Date.now()): string {
  if (!zone || now - zone.readAt >= 60_000 || now < zone.readAt) {
    zone = { name: Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC", readAt: now };
  }
  return zone.name;
}
