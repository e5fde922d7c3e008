import fs from "node:fs";
import path from "node:path";

/**
 * A secret generated once into DATA_DIR and read at every start (the auth signing key, the
 * settings key). `wx`: two processes starting together on one DATA_DIR keep the first one's.
 */
export function generatedOnce(dataDir: string, name: string, generate: () => string): string {
  const file = path.join(dataDir, name);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, generate(), { mode: 0o600, flag: "wx" });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
  }
  return fs.readFileSync(file, "utf8").trim();
}
