import busboy from "busboy";
import { Transform, type Readable } from "node:stream";
import { ApiError } from "../errors.js";
import { AUDIO_HEAD_BYTES, isAudioMimeType, mimeTypeOf, sniffAudioFormat, type AudioFormat } from "../engines/audio/formats.js";
import type { UploadedAudio } from "../services/voice-notes.js";
import type { BlobStore, TempBlob } from "../storage/index.js";

export interface NoteUpload {
  /** The text parts, as sent; the caller validates them. */
  fields: Record<string, string>;
  audio: UploadedAudio;
  /** Drops the temporary audio; a no-op once the service committed it. */
  discard(): Promise<void>;
}

const NOT_AUDIO = "The uploaded file is not an audio recording (expected WebM, Ogg, MP4, WAV, MP3 or FLAC audio)";
const FIELD_MAX_BYTES = 16 * 1024;

const tooLarge = (maxBytes: number) =>
  new ApiError(
    "payload_too_large",
    `The recording is too large: the limit is ${Math.floor(maxBytes / (1024 * 1024))} MB. Please record a shorter note.`,
  );

/**
 * Reads the multipart POST /api/voice-notes. The `audio` part is streamed to a temporary blob
 * as it arrives (never held whole in memory), its declared type and its first bytes are
 * checked, and the upload limit is enforced while streaming. On any failure nothing is left
 * in the blob store.
 */
export async function readNoteUpload(
  req: { headers: Headers; body: () => Readable | null },
  opts: { blobs: BlobStore; maxBytes: number },
): Promise<NoteUpload> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType)) {
    throw new ApiError("unsupported_media_type", "Send the recording as multipart/form-data with an audio file");
  }
  const declared = Number(req.headers.get("content-length") ?? NaN);
  // Obviously too big: refuse before reading (fields add a little beside the file).
  if (Number.isFinite(declared) && declared > opts.maxBytes + 1024 * 1024) throw tooLarge(opts.maxBytes);
  const body = req.body();
  if (!body) throw new ApiError("bad_request", "The upload is empty: send an audio file with a title and duration");

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { files: 1, fileSize: opts.maxBytes, fields: 20, fieldSize: FIELD_MAX_BYTES, parts: 30 },
    });
  } catch {
    throw new ApiError("bad_request", "The upload is not valid multipart/form-data");
  }

  const fields: Record<string, string> = {};
  let temp: TempBlob | undefined;
  let audio: UploadedAudio | undefined;
  let failure: ApiError | undefined;
  let overLimit = false;
  let written: Promise<unknown> = Promise.resolve();
  const fail = (err: ApiError) => (failure ??= err);

  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) fail(new ApiError("validation_failed", `${name}: the value is too long`));
    else fields[name] = value;
  });
  parser.on("fieldsLimit", () => fail(new ApiError("bad_request", "The upload has too many fields")));
  parser.on("partsLimit", () => fail(new ApiError("bad_request", "The upload has too many parts")));

  parser.on("file", (name, file, info) => {
    // A form that ends inside this part destroys it with "Unexpected end of form": without a
    // listener that error is uncaught and takes the whole process down. The parser's own
    // error answers the request.
    file.on("error", () => fail(new ApiError("bad_request", "The upload is empty or not valid multipart/form-data")));
    if (name !== "audio" || temp || failure) {
      file.resume();
      return;
    }
    if (!isAudioMimeType(info.mimeType)) {
      fail(new ApiError("bad_request", NOT_AUDIO));
      file.resume();
      return;
    }
    try {
      temp = opts.blobs.createTemp();
    } catch {
      // Thrown inside the parser's event, this would be uncaught and end the process.
      fail(new ApiError("internal", "The recording could not be stored. Please try again."));
      file.resume();
      return;
    }
    const upload: UploadedAudio = { temp, mimeType: mimeTypeOf("webm"), format: "webm", bytes: 0 };
    let head = Buffer.alloc(0);
    let sniffed: AudioFormat | undefined;
    const check = () => {
      sniffed = sniffAudioFormat(head);
      if (!sniffed) return new ApiError("bad_request", NOT_AUDIO);
      upload.format = sniffed;
      upload.mimeType = mimeTypeOf(sniffed);
      return null;
    };
    const sniffer = new Transform({
      transform(chunk: Buffer, _enc, done) {
        upload.bytes += chunk.length;
        if (!sniffed && head.length < AUDIO_HEAD_BYTES) {
          head = Buffer.concat([head, chunk.subarray(0, AUDIO_HEAD_BYTES - head.length)]);
          if (head.length >= AUDIO_HEAD_BYTES) return done(check(), chunk);
        }
        done(null, chunk);
      },
      flush(done) {
        done(sniffed ? null : check());
      },
    });
    file.on("limit", () => (overLimit = true));
    sniffer.on("error", (err) => {
      fail(err instanceof ApiError ? err : new ApiError("bad_request", NOT_AUDIO));
      // Keep the parser moving: the rest of this part is read and dropped.
      file.unpipe(sniffer);
      file.resume();
      temp?.stream.destroy();
    });
    temp.stream.on("error", () => {
      // Storage failed (disk full, permissions): without this the parser would stall on backpressure.
      fail(new ApiError("internal", "The recording could not be stored. Please try again."));
      file.unpipe(sniffer);
      file.resume();
    });
    file.pipe(sniffer).pipe(temp.stream);
    written = temp.finished().catch(() => undefined);
    audio = upload;
  });

  const discard = async () => {
    await temp?.discard();
  };

  try {
    await new Promise<void>((resolve, reject) => {
      parser.on("close", resolve);
      parser.on("error", () => reject(new ApiError("bad_request", "The upload is empty or not valid multipart/form-data")));
      const interrupted = () => reject(new ApiError("bad_request", "The upload was interrupted"));
      body.on("error", interrupted);
      // A client that goes away mid-upload closes the stream without ending it.
      body.on("close", () => {
        if (!body.readableEnded) interrupted();
      });
      body.pipe(parser);
    });
    await written;
  } catch (err) {
    await discard();
    throw err;
  }
  if (overLimit) failure = tooLarge(opts.maxBytes);
  if (!failure && !audio) failure = new ApiError("bad_request", "An audio file is required (form field \"audio\")");
  if (failure) {
    await discard();
    throw failure;
  }
  return { fields, audio: audio!, discard };
}
