import crypto from "node:crypto";
import { generatedOnce } from "../data-dir-file.js";

/** Seals the secrets an admin stores (the AI key) so the database and its backups never hold them readable. */
export interface SecretBox {
  seal(plain: string): string;
  /** The plain text, or undefined when it was sealed with another key (SETTINGS_KEY or DATA_DIR changed). */
  open(sealed: string): string | undefined;
}

const FORMAT = "v1";
const CONTEXT = Buffer.from("voice-journal instance settings");

/**
 * AES-256-GCM under SETTINGS_KEY (base64 of 32 bytes) when given, otherwise under a key
 * generated once into DATA_DIR/settings-key. A backup of the database alone does not reveal
 * the AI key; a backup of DATA_DIR (npm run backup) carries the key file with it, so a
 * restored instance still reads its settings.
 */
export function openSecretBox(config: { SETTINGS_KEY?: string | undefined; DATA_DIR: string }): SecretBox {
  const key = config.SETTINGS_KEY ? keyFromEnvironment(config.SETTINGS_KEY) : keyFromDataDir(config.DATA_DIR);
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv("aes-256-gcm", key, iv).setAAD(CONTEXT);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return `${FORMAT}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64")}`;
    },
    open(sealed) {
      const [format, payload] = sealed.split(":", 2);
      if (format !== FORMAT || !payload) return undefined;
      const raw = Buffer.from(payload, "base64");
      if (raw.length < 28) return undefined;
      try {
        const decipher = crypto.createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12)).setAAD(CONTEXT);
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
      } catch {
        return undefined;
      }
    },
  };
}

function keyFromEnvironment(value: string): Buffer {
  const key = Buffer.from(value, "base64");
  if (key.length !== 32) throw new Error("SETTINGS_KEY must be 32 bytes in base64 (e.g. `openssl rand -base64 32`)");
  return key;
}

/** The file in DATA_DIR that holds the key; `npm run backup` copies it with the database. */
export const SETTINGS_KEY_FILE = "settings-key";

function keyFromDataDir(dataDir: string): Buffer {
  return keyFromEnvironment(generatedOnce(dataDir, SETTINGS_KEY_FILE, () => crypto.randomBytes(32).toString("base64")));
}
