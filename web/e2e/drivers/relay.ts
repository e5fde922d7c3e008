import net from "node:net";

/**
 * A TCP relay in front of the API, so a journey can cut the server while the browser still counts
 * itself online (a restart, a captive portal): while cut, every connection is closed at once and
 * open ones are dropped, as a server going down does.
 */
export type Relay = {
  /** Where the browser connects: a TCP port on 127.0.0.1, or a Unix socket path. */
  address: string | number;
  cut(down: boolean): void;
  close(): Promise<void>;
};

export async function startRelay(targetPort: number, listen: { port: 0 } | { path: string }): Promise<Relay> {
  let down = false;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (down) return client.destroy();
    const upstream = net.connect(targetPort, "127.0.0.1");
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => ("path" in listen ? server.listen(listen.path, resolve) : server.listen(0, "127.0.0.1", resolve)));
  const addr = server.address();
  return {
    address: typeof addr === "string" ? addr : addr!.port,
    cut(value) {
      down = value;
      if (down) for (const socket of open) socket.destroy();
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
