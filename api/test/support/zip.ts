import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import yauzl from "yauzl";
import yazl from "yazl";

/** Every entry of a zip (held in memory: tests only). */
export async function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))));
  const out = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on("error", reject);
    zip.on("end", () => resolve());
    zip.on("entry", (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          out.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return out;
}

/**
 * A zip of the given entries (`mode` sets Unix permissions, e.g. a symlink's 0o120777). A name
 * yazl itself refuses ("../x", "/etc/x") is written as a same-length stand-in and patched into the
 * bytes afterwards, in the local header and the central directory alike, as a hostile tool would.
 */
export async function makeZip(entries: { name: string; data: Buffer | string; mode?: number; compress?: boolean }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const patches: [string, string][] = [];
  entries.forEach((e, i) => {
    const hostile = e.name.startsWith("/") || e.name.split("/").includes("..");
    const name = hostile ? `h${i}`.padEnd(e.name.length, "x") : e.name;
    if (hostile) patches.push([name, e.name]);
    zip.addBuffer(Buffer.from(e.data), name, { mode: e.mode, compress: e.compress ?? true });
  });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  let bytes = Buffer.concat(chunks);
  for (const [from, to] of patches) {
    for (let at = bytes.indexOf(from); at !== -1; at = bytes.indexOf(from, at + to.length)) bytes.write(to, at, "latin1");
  }
  return bytes;
}

/** A scratch file for a large or hand-made zip. */
export function tempFile(name: string): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), "vj-zip-")), name);
}
