import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import busboy from "busboy";

export interface TranscriptionCall {
  /** 1-based, in arrival order. */
  n: number;
  model: string;
  filename: string;
  mimeType: string;
  size: number;
  sha256: string;
  bytes: Buffer;
}

export interface ChatCall {
  n: number;
  model: string;
  messages: { role: string; content: string }[];
  responseFormat: unknown;
  /** Whether the answer was asked for as a stream of Server-Sent Events. */
  stream: boolean;
}

export type Failure = "500" | "400" | "401" | "hang";

export interface OpenAITestServer {
  /** e.g. http://127.0.0.1:43121/v1 — what OPENAI_BASE_URL is set to. */
  baseURL: string;
  port: number;
  /** Every request, in order, with its Host header. */
  requests: { method: string; url: string; host: string | undefined }[];
  transcriptions: TranscriptionCall[];
  chats: ChatCall[];
  /** How long a transcription takes to answer (to hold work in flight). */
  transcriptionDelayMs: number;
  /** What a transcription answers; the default names the call ("part 1", "part 2", ...). */
  transcriptionText: (call: TranscriptionCall) => string;
  /** What a chat completion answers (the assistant message content). */
  chatContent: (call: ChatCall) => string;
  /** Answer the next `count` transcription/chat calls with an error status, or never answer them. */
  failNext(count: number, how: Failure): void;
  /** Forgets failures queued with failNext that no request has used. */
  clearFailures(): void;
  /** Reject `response_format` with a 400, like servers without structured output. */
  rejectResponseFormat: boolean;
  /** How long a (not streamed) chat completion takes to answer: a slow local model. */
  chatDelayMs: number;
  /** A streamed answer (`stream: true`) is sent a word at a time, this long apart. */
  streamChunkDelayMs: number;
  /** Streams the client closed before the last chunk (a Stop that reached the model). */
  abortedStreams: number;
  close(): Promise<void>;
}

/**
 * A small OpenAI-compatible server for tests of the real `openai` SDK:
 * POST /v1/audio/transcriptions (multipart) and POST /v1/chat/completions.
 * It records what arrives so tests can check bytes, order and hosts.
 */
export async function startOpenAITestServer(): Promise<OpenAITestServer> {
  const failures: Failure[] = [];
  const state: Omit<OpenAITestServer, "baseURL" | "port" | "close" | "failNext" | "clearFailures"> = {
    requests: [],
    transcriptions: [],
    chats: [],
    transcriptionText: (call) => `part ${call.n}`,
    chatContent: () => JSON.stringify({ content: "A scripted summary.", themes: ["Work", "Family", "Running"] }),
    rejectResponseFormat: false,
    transcriptionDelayMs: 0,
    streamChunkDelayMs: 0,
    abortedStreams: 0,
    chatDelayMs: 0,
  };

  const server = http.createServer((req, res) => {
    state.requests.push({ method: req.method ?? "", url: req.url ?? "", host: req.headers.host });
    const fail = (): boolean => {
      const how = failures.shift();
      if (how === "500") {
        sendJson(res, 500, { error: { message: "The server had an error while processing your request.", type: "server_error" } });
        return true;
      }
      if (how === "400") {
        sendJson(res, 400, { error: { message: "Invalid file format.", type: "invalid_request_error" } });
        return true;
      }
      if (how === "401") {
        sendJson(res, 401, { error: { message: "Incorrect API key provided.", type: "invalid_request_error" } });
        return true;
      }
      // "hang": keep the request open until the client gives up or the server closes.
      return how === "hang";
    };

    if (req.method === "POST" && req.url === "/v1/audio/transcriptions") {
      void readMultipart(req).then(
        (form) => {
          const call: TranscriptionCall = {
            n: state.transcriptions.length + 1,
            model: form.fields.model ?? "",
            filename: form.file?.filename ?? "",
            mimeType: form.file?.mimeType ?? "",
            size: form.file?.bytes.length ?? 0,
            sha256: createHash("sha256").update(form.file?.bytes ?? Buffer.alloc(0)).digest("hex"),
            bytes: form.file?.bytes ?? Buffer.alloc(0),
          };
          state.transcriptions.push(call);
          if (fail()) return;
          const answer = () => sendJson(res, 200, { text: server_.transcriptionText(call) });
          if (server_.transcriptionDelayMs > 0) setTimeout(answer, server_.transcriptionDelayMs);
          else answer();
        },
        (err: Error) => sendJson(res, 400, { error: { message: err.message, type: "invalid_request_error" } }),
      );
      return;
    }

    if (req.method === "POST" && req.url === "/v1/chat/completions") {
      void readBody(req).then((raw) => {
        const body = JSON.parse(raw.toString("utf8")) as { model: string; messages: ChatCall["messages"]; response_format?: unknown; stream?: boolean };
        const call: ChatCall = {
          n: state.chats.length + 1,
          model: body.model,
          messages: body.messages,
          responseFormat: body.response_format,
          stream: body.stream === true,
        };
        state.chats.push(call);
        if (server_.rejectResponseFormat && body.response_format !== undefined) {
          sendJson(res, 400, {
            error: {
              message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
              type: "invalid_request_error",
              param: "response_format",
              code: null,
            },
          });
          return;
        }
        if (fail()) return;
        if (call.stream) {
          streamChat(res, call, server_.chatContent(call), server_.streamChunkDelayMs, () => server_.abortedStreams++);
          return;
        }
        const answer = () =>
          sendJson(res, 200, {
            id: `chatcmpl-${call.n}`,
            object: "chat.completion",
            created: Math.floor(Date.now() / 1000),
            model: body.model,
            choices: [{ index: 0, message: { role: "assistant", content: server_.chatContent(call), refusal: null }, finish_reason: "stop" }],
            usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
          });
        if (server_.chatDelayMs > 0) setTimeout(() => !res.destroyed && answer(), server_.chatDelayMs);
        else answer();
      });
      return;
    }

    sendJson(res, 404, { error: { message: `No route ${req.method} ${req.url}`, type: "invalid_request_error" } });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  const server_: OpenAITestServer = Object.assign(state, {
    baseURL: `http://127.0.0.1:${port}/v1`,
    port,
    failNext(count: number, how: Failure) {
      for (let i = 0; i < count; i++) failures.push(how);
    },
    clearFailures() {
      failures.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return server_;
}

/** A chat completion as OpenAI streams it: one `chat.completion.chunk` event per word, then [DONE]. */
function streamChat(res: http.ServerResponse, call: ChatCall, content: string, delayMs: number, onAbort: () => void) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const pieces = content.match(/\S+\s*|\s+/g) ?? [];
  const chunk = (delta: Record<string, unknown>, finish: string | null) =>
    `data: ${JSON.stringify({ id: `chatcmpl-${call.n}`, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model: call.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  let i = 0;
  let closed = false;
  res.on("close", () => {
    if (!res.writableEnded) {
      closed = true;
      onAbort();
    }
  });
  res.write(chunk({ role: "assistant", content: "" }, null));
  const next = () => {
    if (closed) return;
    if (i < pieces.length) {
      res.write(chunk({ content: pieces[i++] }, null));
      setTimeout(next, delayMs);
      return;
    }
    res.write(chunk({}, "stop"));
    res.end("data: [DONE]\n\n");
  };
  next();
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

interface Multipart {
  fields: Record<string, string>;
  file?: { filename: string; mimeType: string; bytes: Buffer };
}

function readMultipart(req: http.IncomingMessage): Promise<Multipart> {
  return new Promise((resolve, reject) => {
    const form: Multipart = { fields: {} };
    const bb = busboy({ headers: req.headers, limits: { fileSize: 200 * 1024 * 1024 } });
    bb.on("field", (name, value) => {
      form.fields[name] = value;
    });
    bb.on("file", (_name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        form.file = { filename: info.filename ?? "", mimeType: info.mimeType, bytes: Buffer.concat(chunks) };
      });
    });
    bb.on("close", () => resolve(form));
    bb.on("error", reject);
    req.pipe(bb);
  });
}
