import fs from "node:fs";
import path from "node:path";
import webpush from "web-push";
import type { Config } from "../config.js";

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

const loaded = new Map<string, VapidDetails>();

/**
 * The server's VAPID identity (RFC 8292): VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when given,
 * otherwise a pair generated once into DATA_DIR, like the auth signing key, so browsers'
 * subscriptions (made for this public key) keep working across restarts.
 */
export function loadVapidDetails(config: Pick<Config, "DATA_DIR" | "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT">): VapidDetails {
  const subject = config.VAPID_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { subject, publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  }
  const file = path.join(config.DATA_DIR, "vapid-keys.json");
  const cached = loaded.get(file);
  if (cached) return { ...cached, subject };
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.DATA_DIR, { recursive: true });
    // wx: two processes starting together keep the first one's pair.
    try {
      fs.writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600, flag: "wx" });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
  }
  const keys = JSON.parse(fs.readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
  const details = { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  loaded.set(file, details);
  return details;
}
