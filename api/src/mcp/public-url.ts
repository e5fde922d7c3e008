import type { Context } from "hono";
import type { Config } from "../config.js";

/** The app's own origin as assistants must name it: PUBLIC_URL, else the origin this request came to. */
export function publicOrigin(c: Context, config: Pick<Config, "PUBLIC_URL">): string {
  return new URL(config.PUBLIC_URL ?? c.req.url).origin;
}

/** The one protected resource, its metadata document (RFC 9728 §3.1: the resource path after the well-known name). */
export const MCP_PATH = "/mcp";
export const mcpResource = (origin: string) => `${origin}${MCP_PATH}`;
export const resourceMetadataUrl = (origin: string) => `${origin}/.well-known/oauth-protected-resource${MCP_PATH}`;
