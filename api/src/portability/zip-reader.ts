import type { Readable } from "node:stream";
import yauzl from "yauzl";
import { ApiError } from "../errors.js";

/** An entry's stream may expand this much more than it is stored before it counts as a bomb. */
const MAX_RATIO = 100;
/** Below this size any ratio is fine (small text files compress well). */
const RATIO_FLOOR_BYTES = 10 * 1024 * 1024;
const MAX_ENTRIES = 200_000;

export interface ZipEntries {
  /** Entry names (checked: relative, no "..", no links), with their declared sizes. */
  names: Map<string, yauzl.Entry>;
  open(name: string): Promise<Readable>;
  close(): void;
}

const bad = (reason: string) => new ApiError("bad_request", reason);

/**
 * Opens an uploaded zip on disk and checks every entry before anything is read (yauzl reads the
 * central directory; entry sizes are verified while streaming). Refused with a 400 and the
 * reason: not a zip or a truncated one; a name with "..", an absolute path, a drive letter or a
 * backslash; a symbolic link; more than `maxExpanded` bytes in all, or an entry that would
 * expand over 100 times its stored size (a zip bomb) — before a byte of it is inflated.
 */
export async function openZip(path: string, maxExpanded: number): Promise<ZipEntries> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true }, (err, z) =>
      err ? reject(bad(`The file is not a readable zip archive (${err.message})`)) : resolve(z),
    ),
  );
  const names = new Map<string, yauzl.Entry>();
  let expanded = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on("error", (err: Error) =>
        reject(
          bad(
            /absolute path|relative path|invalid characters/i.test(err.message)
              ? `A zip entry points outside the archive's folder (${err.message})`
              : `The zip archive is damaged or truncated (${err.message})`,
          ),
        ),
      );
      zip.on("end", () => resolve());
      zip.on("entry", (entry: yauzl.Entry) => {
        const problem = entryProblem(entry);
        if (problem) return reject(bad(problem));
        expanded += entry.uncompressedSize;
        if (expanded > maxExpanded) {
          return reject(bad(`The zip expands to more than ${Math.floor(maxExpanded / 1024 ** 2)} MB, the limit of an import`));
        }
        if (names.size >= MAX_ENTRIES) return reject(bad(`The zip holds more than ${MAX_ENTRIES} entries`));
        if (!entry.fileName.endsWith("/")) names.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.readEntry();
    });
  } catch (err) {
    zip.close();
    throw err;
  }
  return {
    names,
    open: (name) => {
      const entry = names.get(name);
      if (!entry) return Promise.reject(bad(`The zip has no entry ${name}`));
      return new Promise((resolve, reject) =>
        zip.openReadStream(entry, (err, stream) => (err ? reject(bad(`The zip entry ${name} cannot be read (${err.message})`)) : resolve(stream))),
      );
    },
    close: () => zip.close(),
  };
}

function entryProblem(entry: yauzl.Entry): string | null {
  const name = entry.fileName;
  if (name.includes("\\") || name.startsWith("/") || /^[A-Za-z]:/.test(name) || name.split("/").some((part) => part === ".." || part === ".")) {
    return `The zip entry "${name}" points outside the archive's folder`;
  }
  // Unix mode in the high 16 bits of the external attributes: 0o120000 is a symbolic link.
  const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
  if (mode === 0o120000) return `The zip entry "${name}" is a symbolic link`;
  if (entry.uncompressedSize > RATIO_FLOOR_BYTES && entry.uncompressedSize > entry.compressedSize * MAX_RATIO) {
    return `The zip entry "${name}" expands ${Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize))} times its size: refused as a zip bomb`;
  }
  return null;
}
