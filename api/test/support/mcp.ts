import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { TestApp } from "../harness.js";
import { call } from "./api.js";
import type { TestUser } from "../factories.js";

export const MCP_URL = "http://localhost/mcp";

/** The in-process app as the SDK's fetch: every request goes through the whole HTTP surface. */
export const appFetch = (t: TestApp) => ((url: string | URL, init?: RequestInit) => t.app.request(url.toString(), init)) as typeof fetch;

/** An MCP client (the SDK's own) connected to /mcp with a bearer token. */
export async function mcpClient(t: TestApp, token: string): Promise<Client> {
  const client = new Client({ name: "test-assistant", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), {
    fetch: appFetch(t),
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** A tool's answer: its Markdown text and structured content. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
  return { text, data: result.structuredContent as Record<string, any>, isError: result.isError === true };
}

/** A personal access token made through the API, as Settings does. */
export async function createAssistantToken(t: TestApp, user: TestUser, name = "Claude Desktop"): Promise<{ token: string; id: string }> {
  const res = await call(t, "POST", "/api/assistants/tokens", { user, json: { name } });
  if (res.status !== 201) throw new Error(`token not created: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; assistant: { id: string } };
  return { token: body.token, id: body.assistant.id };
}

/** A raw JSON-RPC POST to /mcp (for what the SDK client would not send). */
export function mcpPost(t: TestApp, body: unknown, headers: Record<string, string> = {}) {
  return t.app.request("/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}
