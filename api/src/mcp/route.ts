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
import { limitBody } from "../routes/request.js";
import { assistantOfToken } from "../services/assistant-access.js";
import type { ServiceContext } from "../services/context.js";
import { publicOrigin, resourceMetadataUrl } from "./public-url.js";
import { registerJournalTools } from "./tools.js";

/**
 * The journal as a Model Context Protocol server: Streamable HTTP, stateless (a new server and
 * transport per request, no session id, JSON answers rather than SSE), at the protocol revision
 * of @modelcontextprotocol/sdk 1.x, 2025-11-25 (LATEST_PROTOCOL_VERSION; older clients negotiate
 * down). Only assistant credentials pass (an access token from Settings, or an OAuth access
 * token bound to this resource); the app's own session tokens are refused here, as these are
 * refused by the rest of the API.
 */
export const MCP_PROTOCOL_VERSION = LATEST_PROTOCOL_VERSION;

/**
 * One JSON Schema validator for every request's server: the SDK would build a new Ajv instance
 * with each server, the largest share of a stateless request's own CPU.
 */
const validator = new AjvJsonSchemaValidator();

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

  return new Hono()
    .use("*", async (c, next) => {
      // DNS rebinding: a page on another site must not drive a browser into this server.
      const origin = c.req.header("origin");
      if (origin !== undefined && !allowedOrigin(c, origin)) return refuse(c, "forbidden", `Requests from ${origin} are not allowed`);
      await next();
    })
    // A browser-based client on an allowed origin must read the 401's WWW-Authenticate.
    .use(
      "*",
      cors({
        origin: (origin, c) => (allowedOrigin(c, origin) ? origin : null),
        allowMethods: ["POST", "GET", "OPTIONS"],
        allowHeaders: ["authorization", "content-type", "accept", "mcp-protocol-version"],
        exposeHeaders: ["WWW-Authenticate", "Retry-After"],
      }),
    )
    .use("*", limitBody(config.MCP_MAX_BODY_BYTES, (c) => refuse(c, "payload_too_large", "The request body is too large")))
    .all("/", async (c) => {
      const own = publicOrigin(c, config);
      const ip = clientIp(c);
      if ((blockedUntil.get(ip) ?? 0) > Date.now()) return tooMany(c);
      const token = bearerToken(c.req.header("authorization"));
      const owner = token ? await assistantOfToken(ctx, token) : undefined;
      if (!owner) {
        if (!failures.take(ip)) {
          setBounded(blockedUntil, ip, Date.now() + retryAfterSeconds * 1000, 10_000);
          return tooMany(c);
        }
        // RFC 9728 §5.1: where a client learns how to get a token.
        const error = token ? `, error="invalid_token", error_description="The access token is invalid, revoked or expired"` : "";
        c.header("WWW-Authenticate", `Bearer resource_metadata="${resourceMetadataUrl(own)}"${error}`);
        return refuse(c, "unauthorized", token ? "The access token is invalid, revoked or expired" : "Sign in to connect: missing bearer token");
      }
      if (!limiter.take(owner.user_id)) return tooMany(c);
      // Stateless: nothing to resume and no server-to-client stream to open.
      if (c.req.method !== "POST") {
        c.header("Allow", "POST");
        return c.json({ jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed: this server is stateless, POST only" }, id: null }, 405);
      }
      const server = new McpServer(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: validator });
      registerJournalTools(server, ctx, { userId: owner.user_id, timeZone: owner.time_zone ?? "UTC", baseUrl: own }, (err) =>
        ctx.logger.error({ err, userId: owner.user_id }, "mcp tool failed"),
      );
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
        maxRequestBodySize: config.MCP_MAX_BODY_BYTES,
      });
      await server.connect(transport);
      try {
        return await transport.handleRequest(c.req.raw, {
          authInfo: { token: token!, clientId: owner.grant_id, scopes: [owner.scope] },
        });
      } finally {
        await server.close();
      }
    });
}
