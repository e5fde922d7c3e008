import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { AiTestInput, AiTestResult } from "@vj/core";
import type { Config } from "../config.js";
import { createOpenAIChatModel } from "../engines/chat/openai.js";
import { DEFAULT_SUMMARY_MODEL, DEFAULT_TRANSCRIBE_MODEL } from "../engines/default-models.js";
import { createOpenAITranscriber } from "../engines/transcription/openai.js";
import type { InstanceControl } from "./control.js";
import { effectiveEngineConfig } from "./effective.js";
import { AI_TEST_CLIP_MIME, aiTestClip } from "./ai-test-clip.js";

const TEST_TIMEOUT_MS = 60_000;
const TEST_PROMPT = "This is a connection test from Voice Journal. Reply with one short sentence saying that you can read it.";

/**
 * The admin screen's "Test" button: sends a 3-second clip to the transcription endpoint and a
 * short prompt to the summary model, with the form's values (saved or not) over the settings in
 * force, and says what came back. Nothing is stored. The key never appears in the answer: an
 * error the server wrote with the key (or a masked form of it) in it has it cut out.
 */
export async function testAi(config: Config, instance: InstanceControl, input: AiTestInput): Promise<AiTestResult> {
  const row = await instance.settings();
  const pick = <T>(given: T | null | undefined, stored: T | null) => (given === undefined ? stored : given);
  const key = input.apiKey === undefined ? instance.storedKey(row) : (input.apiKey ?? undefined);
  const c = effectiveEngineConfig(
    config,
    {
      ...row,
      ai_base_url: pick(input.baseUrl, row.ai_base_url),
      ai_transcription_model: pick(input.transcriptionModel, row.ai_transcription_model),
      ai_summary_model: pick(input.summaryModel, row.ai_summary_model),
    },
    key,
  );
  const apiKey = c.OPENAI_API_KEY ?? (c.OPENAI_BASE_URL ? "not-needed" : undefined);
  const secrets = [c.OPENAI_API_KEY].filter((s): s is string => Boolean(s));
  const transcriptionModel = c.TRANSCRIBE_MODEL ?? DEFAULT_TRANSCRIBE_MODEL;
  const summaryModel = c.SUMMARY_MODEL ?? DEFAULT_SUMMARY_MODEL;
  if (!apiKey) {
    const none = { ok: false, text: null, error: "No endpoint is set: enter a base URL or an API key.", ms: 0 };
    return { transcription: { ...none, engine: `openai:${transcriptionModel}` }, summary: { ...none, engine: `openai:${summaryModel}` } };
  }
  const [transcription, summary] = await Promise.all([
    timed(`openai:${transcriptionModel}`, secrets, async (signal) => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), "vj-ai-test-"));
      try {
        const file = path.join(dir, "test.ogg");
        await fs.writeFile(file, aiTestClip());
        const transcriber = createOpenAITranscriber({ apiKey, baseURL: c.OPENAI_BASE_URL, model: transcriptionModel, timeoutMs: TEST_TIMEOUT_MS });
        return (await transcriber.transcribe({ path: file, mimeType: AI_TEST_CLIP_MIME }, signal)).text;
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    }),
    timed(`openai:${summaryModel}`, secrets, async (signal) => {
      const model = createOpenAIChatModel({ apiKey, baseURL: c.OPENAI_BASE_URL, model: summaryModel, timeoutMs: TEST_TIMEOUT_MS });
      let text = "";
      for await (const piece of model.stream([{ role: "user", content: TEST_PROMPT }], signal)) text += piece;
      return text.trim();
    }),
  ]);
  return { transcription, summary };
}

async function timed(engine: string, secrets: string[], run: (signal: AbortSignal) => Promise<string>) {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const text = await run(AbortSignal.timeout(TEST_TIMEOUT_MS));
    return { ok: true, engine, text, error: null, ms: ms() };
  } catch (err) {
    return { ok: false, engine, text: null, error: redact(err instanceof Error ? err.message : String(err), secrets), ms: ms() };
  }
}

/** The message without the key, whole or masked as OpenAI writes it ("sk-abc***…xyz"). */
export function redact(message: string, secrets: string[]): string {
  let out = message;
  for (const secret of secrets) out = out.split(secret).join("[key]");
  return out.replace(/\b(sk|gsk|key)[-_][A-Za-z0-9_*.\-]{4,}/g, "[key]");
}
