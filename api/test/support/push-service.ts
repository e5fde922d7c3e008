import crypto from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import type { TestCertificate } from "./test-certificate.js";

/** What a browser keeps for one push subscription: its ECDH key pair and auth secret. */
export interface BrowserKeys {
  ecdh: crypto.ECDH;
  auth: Buffer;
  /** The subscription as `PushSubscription.toJSON()` writes it. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface ReceivedPush {
  id: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushServiceStandIn {
  origin: string;
  received: ReceivedPush[];
  /** A browser subscribed at this service (endpoint `${origin}/push/${id}`). */
  subscribe(id: string): BrowserKeys;
  /** Answer this status to pushes for `id` from now on (201 by default; 410 = the subscription is gone). */
  answer(id: string, status: number): void;
  close(): Promise<void>;
}

/**
 * A Web Push service on loopback, over https with the test certificate: it accepts a push
 * (201) as FCM or Mozilla's service would, keeps the encrypted body, and can answer 410.
 */
export async function startPushService(cert: TestCertificate): Promise<PushServiceStandIn> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = https.createServer({ key: fs.readFileSync(cert.keyFile), cert: fs.readFileSync(cert.certFile) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const id = (req.url ?? "").replace(/^\/push\//, "");
      if (req.method !== "POST" || !req.url?.startsWith("/push/")) {
        res.writeHead(404).end();
        return;
      }
      const status = statuses.get(id) ?? 201;
      if (status === 201) received.push({ id, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status, { location: `/messages/${crypto.randomUUID()}` }).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    subscribe(id) {
      const ecdh = crypto.createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      return {
        ecdh,
        auth,
        subscription: { endpoint: `${origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } },
      };
    },
    answer: (id, status) => statuses.set(id, status),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac("sha256", key).update(data).digest();

/** Decrypts a Web Push message body as the browser does (RFC 8291 keys, RFC 8188 aes128gcm, one record). */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const senderPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const ecdhSecret = keys.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), keys.ecdh.getPublicKey(), senderPublic]);
  const ikm = hmac(hmac(keys.auth, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01", "binary")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01", "binary")).subarray(0, 12);
  const decipher = crypto.createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("not the last record of an aes128gcm message");
  return plain.subarray(0, end).toString("utf8");
}

/** Checks the VAPID Authorization header (RFC 8292): an ES256 JWT for the service's origin, signed by key k. */
export function verifyVapid(header: string | undefined, audience: string): { publicKey: string; subject: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!m) throw new Error(`not a VAPID authorization: ${header}`);
  const [token, k] = [m[1]!, m[2]!];
  const [h, p, sig] = token.split(".") as [string, string, string];
  const point = Buffer.from(k, "base64url");
  const key = crypto.createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33, 65).toString("base64url") },
    format: "jwk",
  });
  const ok = crypto.verify("sha256", Buffer.from(`${h}.${p}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(sig, "base64url"));
  if (!ok) throw new Error("VAPID signature does not verify");
  const claims = JSON.parse(Buffer.from(p, "base64url").toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== audience) throw new Error(`VAPID audience ${claims.aud}, expected ${audience}`);
  if (claims.exp * 1000 < Date.now()) throw new Error("VAPID token expired");
  return { publicKey: k, subject: claims.sub };
}
