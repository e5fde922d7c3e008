import { lazyOpenAIClient, loadedOpenAISdk } from "../openai-sdk.js";
import { DEFAULT_CONTEXT_TOKENS, mapReduce, notesBudget } from "./map-reduce.js";
import { finalMessages, mapMessages, SUMMARY_JSON_SCHEMA, type ChatMessage, type SourceKind } from "./prompt.js";
import { normaliseThemes } from "./themes.js";
import { SummaryError, type Summarizer, type SummaryRequest, type SummaryResult } from "./types.js";

export interface OpenAISummarizerOptions {
  apiKey: string;
  /** Any OpenAI-compatible chat server (Ollama, vLLM, ...); the SDK default when unset. */
  baseURL?: string | undefined;
  model: string;
  /** The model's context window in tokens; notes beyond it are summarised in parts. */
  contextTokens?: number;
  timeoutMs?: number;
}

/**
 * Chat-completion summaries. Asks for structured output (a JSON schema of
 * {content, themes}); servers that reject `response_format` get the shape in
 * the instructions instead, and that choice is remembered for the process.
 */
export function createOpenAISummarizer(options: OpenAISummarizerOptions): Summarizer {
  const timeoutMs = options.timeoutMs ?? 120_000;
  // The summary is generated inside the user's request: one quick retry, not the SDK's default two.
  const client = lazyOpenAIClient({ apiKey: options.apiKey, baseURL: options.baseURL, maxRetries: 1, timeout: timeoutMs });
  const where = options.baseURL ? new URL(options.baseURL).host : "api.openai.com";
  const budget = notesBudget(options.contextTokens ?? DEFAULT_CONTEXT_TOKENS);
  const engine = `openai:${options.model}`;
  let structured: boolean | undefined;

  const complete = async (messages: ChatMessage[], schema: boolean): Promise<string> => {
    const response = await (await client()).chat.completions.create({
      model: options.model,
      messages,
      ...(schema
        ? { response_format: { type: "json_schema", json_schema: { name: "journal_summary", strict: true, schema: SUMMARY_JSON_SCHEMA } } }
        : {}),
    });
    const message = response.choices[0]?.message;
    if (message?.refusal) throw new SummaryError(`The model declined to summarise: ${message.refusal}`, false);
    const text = message?.content?.trim() ?? "";
    if (!text) throw new SummaryError("The model returned an empty answer", true);
    return text;
  };

  const final = async (request: SummaryRequest, source: SourceKind) => {
    if (structured !== false) {
      try {
        const text = await complete(finalMessages(request, source, false), true);
        structured = true;
        return parseAnswer(text);
      } catch (err) {
        if (!rejectsResponseFormat(err)) throw err;
        structured = false;
      }
    }
    return parseAnswer(await complete(finalMessages(request, source, true), false));
  };

  return {
    name: "openai",
    async summarize(request): Promise<SummaryResult> {
      try {
        const answer = await mapReduce(request, budget, {
          final,
          partial: (req, chunk, i, n) => complete(mapMessages(req, chunk, i, n), false),
        });
        // Themes fall back to the original notes, not to partial summaries.
        const themes = normaliseThemes(answer.themes, request.notes.map((n) => n.text));
        return { content: answer.content, themes, engine };
      } catch (err) {
        throw toSummaryError(err, where, timeoutMs);
      }
    },
  };
}

/** A 400 (or 422) that names the structured-output parameter: the server does not support it. */
function rejectsResponseFormat(err: unknown): boolean {
  const sdk = loadedOpenAISdk();
  if (!sdk || !(err instanceof sdk.APIError) || (err.status !== 400 && err.status !== 422)) return false;
  return /response_format|json_schema|structured|schema/i.test(`${err.message} ${JSON.stringify(err.error ?? "")}`);
}

/**
 * Reads {content, themes} from a model's text, tolerating code fences and
 * chatter around the JSON. When no JSON can be found the whole answer is the
 * content (themes are then found in the notes offline by the caller). A JSON
 * object is never shown raw: models without structured output sometimes name
 * the field "summary", and one with no text in it is an empty answer.
 */
export function parseAnswer(text: string): { content: string; themes: unknown } {
  const unfenced = text.replace(/^```(?:json)?\s*/i, "").replace(/\s*```$/, "").trim();
  for (const candidate of [unfenced, unfenced.slice(unfenced.indexOf("{"), unfenced.lastIndexOf("}") + 1)]) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(candidate);
    } catch {
      continue; // not JSON; try the next reading
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) continue;
    const { content, summary, themes } = parsed as { content?: unknown; summary?: unknown; themes?: unknown };
    const body = [content, summary].find((v): v is string => typeof v === "string" && v.trim().length > 0);
    if (body) return { content: body.trim(), themes };
    throw new SummaryError("The model's answer had no summary in it", true);
  }
  return { content: unfenced || text.trim(), themes: undefined };
}

export function toSummaryError(err: unknown, where: string, timeoutMs: number): SummaryError {
  if (err instanceof SummaryError) return err;
  const sdk = loadedOpenAISdk();
  if (sdk && err instanceof sdk.APIConnectionTimeoutError) {
    return new SummaryError(`The summary server at ${where} did not answer within ${Math.round(timeoutMs / 1000)} s`, true, {
      cause: err,
    });
  }
  if (sdk && err instanceof sdk.APIConnectionError) {
    return new SummaryError(`Could not reach the summary server at ${where}: ${err.message}`, true, { cause: err });
  }
  if (sdk && err instanceof sdk.APIError && err.status !== undefined) {
    const status = err.status;
    if (status === 401 || status === 403) {
      return new SummaryError(`The summary server at ${where} rejected the API key (HTTP ${status}); check OPENAI_API_KEY`, false, {
        cause: err,
      });
    }
    const retryable = status >= 500 || status === 429 || status === 408 || status === 409;
    return new SummaryError(`The summary server answered HTTP ${status}: ${err.message}`, retryable, { cause: err });
  }
  const message = err instanceof Error ? err.message : String(err);
  return new SummaryError(`Summary generation failed: ${message}`, true, { cause: err });
}
