import http from "node:http";
import type net from "node:net";

/**
 * A request as it passed the relay: what a journey may check (whose session an upload went with),
 * and when it came (Date.now()), for a failure's report.
 */
export type RelayedRequest = { method: string; path: string; authorization: string | undefined; at: number };

/**
 * An HTTP relay in front of the API, so a journey can cut the server while the browser still
 * counts itself online (a restart, a captive portal): while cut, every connection is closed at once
 * and open ones are dropped, as a server going down does. It can also have the server refuse some
 * requests (a 503 for uploads while everything else works), and it tells who asks for what.
 */
export type Relay = {
  /** Where the browser connects: a TCP port on 127.0.0.1, or a Unix socket path. */
  address: string | number;
  cut(down: boolean): void;
  /** Requests this rule matches are answered 503 in the API's error shape until it is lifted (null). */
  refuse(rule: ((request: RelayedRequest) => boolean) | null): void;
  /** Every request relayed or refused from now on, in order. */
  readonly seen: RelayedRequest[];
  close(): Promise<void>;
};

const BUSY = JSON.stringify({ error: { code: "engine_unavailable", message: "The server is busy" } });

export async function startRelay(targetPort: number, listen: { port: 0 } | { path: string }): Promise<Relay> {
  let down = false;
  let refusing: ((request: RelayedRequest) => boolean) | null = null;
  const seen: RelayedRequest[] = [];
  const sockets = new Set<net.Socket>();
  const upstreams = new Set<http.ClientRequest>();

  const server = http.createServer((req, res) => {
    const request = { method: req.method ?? "GET", path: req.url ?? "/", authorization: req.headers.authorization, at: Date.now() };
    seen.push(request);
    if (refusing?.(request)) {
      req.resume();
      res.writeHead(503, { "content-type": "application/json", "content-length": Buffer.byteLength(BUSY) });
      res.end(BUSY);
      return;
    }
    const headers = { ...req.headers };
    delete headers.connection;
    const upstream = http.request({ host: "127.0.0.1", port: targetPort, method: req.method, path: req.url, headers, agent: false }, (answer) => {
      const answerHeaders = { ...answer.headers };
      delete answerHeaders.connection;
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answerHeaders);
      answer.pipe(res);
    });
    upstreams.add(upstream);
    upstream.on("close", () => upstreams.delete(upstream));
    // Either side going away drops the other, as a cut connection does.
    upstream.on("error", () => res.destroy());
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  server.on("connection", (socket: net.Socket) => {
    if (down) return socket.destroy();
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  // Streams (the change stream) stay open for as long as the page wants them.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  await new Promise<void>((resolve) => ("path" in listen ? server.listen(listen.path, resolve) : server.listen(0, "127.0.0.1", resolve)));
  const addr = server.address();
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
    for (const upstream of upstreams) upstream.destroy();
  };
  return {
    address: typeof addr === "string" ? addr : addr!.port,
    cut(value) {
      down = value;
      if (down) dropAll();
    },
    refuse(rule) {
      refusing = rule;
    },
    seen,
    async close() {
      dropAll();
      await new Promise((r) => server.close(r));
    },
  };
}
