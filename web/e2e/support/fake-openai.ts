import http from "node:http";
import type { AddressInfo } from "node:net";
import { startOpenAITestServer, type Failure, type OpenAITestServer } from "../../../api/test/support/openai-server";

/** What the e2e API's transcription engine answers unless a test scripts otherwise. */
export const DEFAULT_TRANSCRIPT = "This is the transcript of a test voice note.";

export type Script = {
  /** Answer every later transcription with this text (null restores the default). */
  transcriptionText?: string | null;
  /** Answer every later chat completion with this assistant content (null restores the default). */
  chatContent?: string | null;
  /** Streamed chat answers arrive a word at a time, this many ms apart (0 restores the default). */
  streamChunkDelayMs?: number;
  /** Transcriptions are answered this many ms late (0 restores the default: at once). */
  transcriptionDelayMs?: number;
  /** Answer the next N transcription or chat calls with this failure. */
  failNext?: { count: number; how: Failure };
};

export type ScriptedOpenAI = { server: OpenAITestServer; controlUrl: string; close(): Promise<void> };

/**
 * The API's OpenAI-compatible engine server for the browser journeys (the real `openai` SDK talks
 * to it), plus a control endpoint: the tests run in other processes than this global setup.
 */
export async function startScriptedOpenAI(): Promise<ScriptedOpenAI> {
  const server = await startOpenAITestServer();
  const defaultChat = server.chatContent;
  server.transcriptionText = () => DEFAULT_TRANSCRIPT;
  const control = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/script") {
        const script = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Script;
        if (script.transcriptionText !== undefined) {
          const text = script.transcriptionText ?? DEFAULT_TRANSCRIPT;
          server.transcriptionText = () => text;
        }
        if (script.chatContent !== undefined) {
          const content = script.chatContent;
          server.chatContent = content === null ? defaultChat : () => content;
        }
        if (script.streamChunkDelayMs !== undefined) server.streamChunkDelayMs = script.streamChunkDelayMs;
        if (script.transcriptionDelayMs !== undefined) server.transcriptionDelayMs = script.transcriptionDelayMs;
        if (script.failNext) server.failNext(script.failNext.count, script.failNext.how);
        res.writeHead(204).end();
        return;
      }
      if (req.method === "GET" && req.url === "/calls") {
        const body = JSON.stringify({
          transcriptions: server.transcriptions.map(({ bytes: _bytes, ...call }) => call),
          chats: server.chats,
        });
        res.writeHead(200, { "content-type": "application/json" }).end(body);
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => control.listen(0, "127.0.0.1", resolve));
  const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;
  return {
    server,
    controlUrl,
    async close() {
      control.closeAllConnections();
      await new Promise<void>((resolve) => control.close(() => resolve()));
      await server.close();
    },
  };
}

/** From a test: change what the engine server answers next. */
export async function scriptOpenAI(controlUrl: string, script: Script): Promise<void> {
  const res = await fetch(`${controlUrl}/script`, { method: "POST", body: JSON.stringify(script) });
  if (!res.ok) throw new Error(`scripting the OpenAI test server failed: ${res.status}`);
}
