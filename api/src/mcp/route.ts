import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { Hono, type Context } from "hono";
import { cors } from "hono/cors";
import type { ErrorCode } from "@vj/core";
import { bearerToken } from "../auth/bearer.js";
import { RateLimiter } from "../auth/rate-limit.js";
import { clientIp } from "../auth/client-ip.js";
import { setBounded } from "../bounded-map.js";
import { errorResponse } from "../errors.js";
import { appendResponseHeader, setResponseHeader } from "../http/response-headers.js";
import { limitBody, requestText } from "../routes/request.js";
import { hashToken } from "../auth/opaque-tokens.js";
import type { CredentialOwner } from "../repositories/assistant-access.js";
import { PendingAccess, assistantOfTokenHash, noteAssistantUse } from "../services/assistant-access.js";
import type { ServiceContext } from "../services/context.js";
import { publicOrigin, resourceMetadataUrl } from "./public-url.js";
import { authInfoFor, registerJournalTools } from "./tools.js";

/**
 * The journal as a Model Context Protocol server: Streamable HTTP, stateless (a transport per
 * request, no session id, JSON answers rather than SSE), at the protocol revision
 * of @modelcontextprotocol/sdk 1.x, 2025-11-25 (LATEST_PROTOCOL_VERSION; older clients negotiate
 * down). Only assistant credentials pass (an access token from Settings, or an OAuth access
 * token bound to this resource); the app's own session tokens are refused here, as these are
 * refused by the rest of the API.
 */
export const MCP_PROTOCOL_VERSION = LATEST_PROTOCOL_VERSION;

/**
 * One JSON Schema validator for every server: the SDK would build a new Ajv instance with each.
 */
const validator = new AjvJsonSchemaValidator();

/** Idle servers kept for the next requests (as many as were ever busy at once, up to this). */
const SERVERS_KEPT = 16;
/** Tokens whose owner is remembered. */
const OWNERS_KEPT = 10_000;

/** Response headers a browser-based client may read (CORS). */
const EXPOSED_HEADERS = "WWW-Authenticate,Retry-After";

const SERVER_INFO = { name: "voice-journal", title: "Voice Journal", version: "1.0.0" };
const INSTRUCTIONS =
  "Read-only access to one person's voice journal: their notes' transcripts, summaries and collections. " +
  "Dates are the person's local days (YYYY-MM-DD). Search with search_journal, browse with list_notes, read a whole note with get_note. " +
  "Links point into the app, where the person can open the note.";

export function mcpRoutes(ctx: ServiceContext) {
  const { config } = ctx;
  const perMinute = config.MCP_RATE_LIMIT_PER_MINUTE;
  const limiter = new RateLimiter(perMinute, perMinute / 60_000);
  // The wait until the bucket holds one request again.
  const retryAfterSeconds = Math.max(1, Math.ceil(60 / perMinute));

  // Requests without a valid token count against their address at the same rate: a scan of
  // guessed tokens is slowed down, and once refused it costs no lookup until the address's wait ends.
  const failures = new RateLimiter(perMinute, perMinute / 60_000);
  const blockedUntil = new Map<string, number>();

  const refuse = (c: Context, code: ErrorCode, message: string) => errorResponse(c, code, message);
  const tooMany = (c: Context) => {
    c.header("Retry-After", String(retryAfterSeconds));
    return refuse(c, "rate_limited", "Too many requests: try again in a moment");
  };
  const allowedOrigin = (c: Context, origin: string) => origin === publicOrigin(c, config) || config.MCP_ALLOWED_ORIGINS.includes(origin);
  const preflight = cors({
    origin: (origin, c) => (allowedOrigin(c, origin) ? origin : null),
    allowMethods: ["POST", "GET", "OPTIONS"],
    allowHeaders: ["authorization", "content-type", "accept", "mcp-protocol-version"],
    exposeHeaders: EXPOSED_HEADERS.split(","),
  });

  const unauthorized = (c: Context, ip: string, own: string, token: string | undefined) => {
    if (!failures.take(ip)) {
      setBounded(blockedUntil, ip, Date.now() + retryAfterSeconds * 1000, 10_000);
      return tooMany(c);
    }
    // RFC 9728 §5.1: where a client learns how to get a token.
    const error = token ? `, error="invalid_token", error_description="The access token is invalid, revoked or expired"` : "";
    c.header("WWW-Authenticate", `Bearer resource_metadata="${resourceMetadataUrl(own)}"${error}`);
    return refuse(c, "unauthorized", token ? "The access token is invalid, revoked or expired" : "Sign in to connect: missing bearer token");
  };

  // Who each token seen lately spoke for (by its hash): which person, grant and zone, never
  // whether the token is still live, which every request shows (PendingAccess).
  const owners = new Map<string, CredentialOwner>();

  // Servers with the tools registered, each answering one request at a time (connected to that
  // request's transport, closed after it, as the SDK's Protocol allows); a request takes an idle
  // one or builds one. Who asks travels with each request (authInfoFor), not with the server.
  const idle: McpServer[] = [];
  const newServer = () => {
    const server = new McpServer(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: validator });
    registerJournalTools(server, ctx, (err, caller) => ctx.logger.error({ err, userId: caller?.userId }, "mcp tool failed"));
    return server;
  };

  /** One JSON-RPC request answered for `owner` by a server of the pool and a transport of its own. */
  const serve = async (message: { req: Request; parsed?: unknown }, token: string, owner: CredentialOwner, baseUrl: string, access?: PendingAccess): Promise<Response> => {
    const server = idle.pop() ?? newServer();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: config.MCP_MAX_BODY_BYTES,
    });
    let answered = false;
    await server.connect(transport);
    try {
      const caller = { userId: owner.user_id, timeZone: owner.time_zone ?? "UTC", baseUrl, access };
      const authInfo = authInfoFor(token, owner.grant_id, [owner.scope], caller);
      const res = await transport.handleRequest(message.req, message.parsed === undefined ? { authInfo } : { authInfo, parsedBody: message.parsed });
      answered = true;
      return res;
    } finally {
      // The SDK settles its side of the request (the handler's abort signal, its bookkeeping) just
      // after handing the answer over: the server is closed once that is done, not before (which
      // would abort the finished request's signal), and not on the answer's way out.
      setImmediate(() => void release(server, answered));
    }
  };
  const release = async (server: McpServer, answered: boolean) => {
    try {
      await server.close();
    } catch (err) {
      ctx.logger.error({ err }, "mcp server did not close");
      return;
    }
    // A server that answered an initialize holds what that client said of itself: it serves no one else.
    if (answered && server.server.getClientVersion() === undefined && idle.length < SERVERS_KEPT) idle.push(server);
  };

  return new Hono()
    .use("*", async (c, next) => {
      // DNS rebinding: a page on another site must not drive a browser into this server.
      const origin = c.req.header("origin");
      if (origin !== undefined && !allowedOrigin(c, origin)) return refuse(c, "forbidden", `Requests from ${origin} are not allowed`);
      await next();
    })
    // A browser-based client on an allowed origin must read the 401's WWW-Authenticate. Hono's
    // cors answers the preflight; on other requests it would set its headers on c.res before the
    // handler, and the SDK's answer would then be rebuilt as a streamed web Response (a large share
    // of a tool call's cost): the same headers are set on the answer in place once it is made.
    .use("*", async (c, next) => {
      if (c.req.method === "OPTIONS") return preflight(c, next);
      await next();
      const origin = c.req.header("origin");
      if (origin && allowedOrigin(c, origin)) setResponseHeader(c, "Access-Control-Allow-Origin", origin);
      setResponseHeader(c, "Access-Control-Expose-Headers", EXPOSED_HEADERS);
      appendResponseHeader(c, "Vary", "Origin");
    })
    .use("*", limitBody(config.MCP_MAX_BODY_BYTES, (c) => refuse(c, "payload_too_large", "The request body is too large")))
    .all("/", async (c) => {
      const own = publicOrigin(c, config);
      const ip = clientIp(c);
      if ((blockedUntil.get(ip) ?? 0) > Date.now()) return tooMany(c);
      const token = bearerToken(c.req.header("authorization"));
      const hash = token ? hashToken(token) : undefined;
      const known = hash ? owners.get(hash) : undefined;
      if (known && c.req.method === "POST") {
        // A token seen lately: the work runs first, for the person it spoke for, and its answer
        // leaves only once the token is shown live (by the tool's own query, or the lookup).
        const access = new PendingAccess(ctx, hash!, known);
        if (!limiter.take(known.user_id)) return (await access.lookUp()) ? tooMany(c) : unauthorized(c, ip, own, token);
        const message = await readMessage(c);
        let res: Response;
        try {
          res = await serve(message, token!, known, own, access);
        } catch (err) {
          if (!access.proven && !(await access.lookUp())) {
            owners.delete(hash!);
            return unauthorized(c, ip, own, token);
          }
          throw err;
        }
        if (access.proven) {
          await noteAssistantUse(ctx, known.grant_id);
          return res;
        }
        const owner = await access.lookUp();
        if (owner && sameOwner(owner, known)) return res;
        if (!owner) {
          owners.delete(hash!);
          return unauthorized(c, ip, own, token);
        }
        // The person's time zone changed since: answered again, in the new one.
        setBounded(owners, hash!, owner, OWNERS_KEPT);
        return serve(message, token!, owner, own);
      }
      const owner = hash ? await assistantOfTokenHash(ctx, hash) : undefined;
      if (!owner) {
        if (hash) owners.delete(hash);
        return unauthorized(c, ip, own, token);
      }
      setBounded(owners, hash!, owner, OWNERS_KEPT);
      if (!limiter.take(owner.user_id)) return tooMany(c);
      // Stateless: nothing to resume and no server-to-client stream to open.
      if (c.req.method !== "POST") {
        c.header("Allow", "POST");
        return c.json({ jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed: this server is stateless, POST only" }, id: null }, 405);
      }
      return serve({ req: c.req.raw }, token!, owner, own);
    });
}

/**
 * A request's JSON-RPC body, read once so that it can be answered again: parsed, or (not JSON)
 * as a request of its own for the SDK to refuse as it does.
 */
async function readMessage(c: Context): Promise<{ req: Request; parsed?: unknown }> {
  const req = c.req.raw;
  const text = await requestText(c);
  try {
    return { req, parsed: JSON.parse(text) as unknown };
  } catch {
    return { req: new Request(req.url, { method: req.method, headers: req.headers, body: text }) };
  }
}

const sameOwner = (a: CredentialOwner, b: CredentialOwner) =>
  a.grant_id === b.grant_id && a.user_id === b.user_id && a.time_zone === b.time_zone && a.scope === b.scope;
