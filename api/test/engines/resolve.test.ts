import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { NO_TRANSCRIPTION_WARNING, POCKETSPHINX_WARNING, resolveEngines } from "../../src/engines/resolve.js";
import { TranscriptionError } from "../../src/engines/transcription/index.js";

const config = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: os.tmpdir(), ...env });
const everything = () => true;
const nothing = () => false;
const only = (...names: string[]) => (b: string) => names.includes(b);

describe("resolveEngines", () => {
  it("auto: uses the OpenAI-compatible API for both when a key is set", () => {
    const { info, transcriber, summarizer } = resolveEngines(config({ OPENAI_API_KEY: "sk-x" }), everything);
    expect(info).toEqual({ transcription: "openai", summaries: "openai", warnings: [] });
    expect(transcriber.lowAccuracy).toBeFalsy();
    expect(summarizer.name).toBe("openai");
  });

  it("auto without a key: pocketsphinx and extractive, warning about the low accuracy", () => {
    const { info, transcriber } = resolveEngines(config(), everything);
    expect(info.transcription).toBe("pocketsphinx");
    expect(info.summaries).toBe("extractive");
    expect(transcriber.lowAccuracy).toBe(true);
    expect(info.warnings).toContain(POCKETSPHINX_WARNING);
    expect(POCKETSPHINX_WARNING).toMatch(/OPENAI_BASE_URL/);
  });

  it("auto with neither a key nor pocketsphinx: none, whose error says how to configure an engine", async () => {
    const { info, transcriber } = resolveEngines(config(), only("ffmpeg"));
    expect(info.transcription).toBe("none");
    expect(info.warnings).toContain(NO_TRANSCRIPTION_WARNING);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vj-none-"));
    const error = await transcriber.transcribe({ path: path.join(dir, "x.webm"), mimeType: "audio/webm" }).catch((e: unknown) => e);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(error).toBeInstanceOf(TranscriptionError);
    expect(error).toMatchObject({ retryable: false });
    expect((error as Error).message).toMatch(/OPENAI_API_KEY/);
    expect((error as Error).message).toMatch(/OPENAI_BASE_URL/);
    expect((error as Error).message).toMatch(/pocketsphinx/);
  });

  it("pocketsphinx needs ffmpeg to decode the browser's audio", () => {
    expect(resolveEngines(config(), only("pocketsphinx_continuous")).info.transcription).toBe("none");
  });

  it("honours explicit engines over auto", () => {
    const env = { OPENAI_API_KEY: "sk-x", TRANSCRIBE_ENGINE: "pocketsphinx", SUMMARY_ENGINE: "extractive" };
    const { info } = resolveEngines(config(env), everything);
    expect(info.transcription).toBe("pocketsphinx");
    expect(info.summaries).toBe("extractive");
  });

  it("explicit openai works keyless against a local server, and warns when it has nowhere to go", () => {
    const local = resolveEngines(config({ TRANSCRIBE_ENGINE: "openai", SUMMARY_ENGINE: "openai", OPENAI_BASE_URL: "http://127.0.0.1:8000/v1" }), nothing);
    expect(local.info.transcription).toBe("openai");
    expect(local.info.summaries).toBe("openai");
    // Without ffmpeg, long recordings cannot be split: said at start, not discovered on the first long note.
    expect(local.info.warnings.join(" ")).toMatch(/ffmpeg/);

    const nowhere = resolveEngines(config({ TRANSCRIBE_ENGINE: "openai", SUMMARY_ENGINE: "openai" }), everything);
    expect(nowhere.info.transcription).toBe("none");
    expect(nowhere.info.summaries).toBe("extractive");
    expect(nowhere.info.warnings.join(" ")).toMatch(/TRANSCRIBE_ENGINE=openai needs OPENAI_API_KEY/);
    expect(nowhere.info.warnings.join(" ")).toMatch(/SUMMARY_ENGINE=openai needs OPENAI_API_KEY/);
  });
});
