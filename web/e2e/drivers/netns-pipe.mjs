// Runs inside the journey's network namespace: relays each "from to" pair, where an endpoint is
// tcp:PORT (on the namespace's 127.0.0.1) or unix:PATH (a socket file, which crosses namespaces).
import net from "node:net";

const endpoint = (spec) => (spec.startsWith("unix:") ? { path: spec.slice(5) } : { host: "127.0.0.1", port: Number(spec.slice(4)) });
const pairs = process.argv.slice(2);
let listening = 0;
for (let i = 0; i < pairs.length; i += 2) {
  const [from, to] = [endpoint(pairs[i]), endpoint(pairs[i + 1])];
  const server = net.createServer((client) => {
    const upstream = net.connect(to);
    const drop = () => (client.destroy(), upstream.destroy());
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    client.pipe(upstream).pipe(client);
  });
  server.listen(from, () => {
    if (++listening === pairs.length / 2) process.stdout.write("ready\n");
  });
}
