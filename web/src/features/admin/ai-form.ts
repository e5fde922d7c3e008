import type { AiTestInput, InstanceSettings } from "@vj/core";

export type AiFormField = "baseUrl" | "apiKey" | "transcriptionModel" | "summaryModel" | "chatModel";
export type AiForm = Record<AiFormField, string>;

/**
 * The AI form as the API takes it (to save, or to test): a field the environment fixes is left
 * out (the server would refuse it), an empty field clears its setting, and the key is sent only
 * when one was typed (it is never shown, so an empty field means "keep the stored one").
 */
export function aiFormInput(form: AiForm, ai: InstanceSettings["ai"]): AiTestInput {
  const input: AiTestInput = {};
  const text = (value: string) => (value.trim() === "" ? null : value.trim());
  if (!ai.baseUrl.fromEnvironment) input.baseUrl = text(form.baseUrl);
  if (!ai.apiKey.fromEnvironment && form.apiKey.trim() !== "") input.apiKey = form.apiKey.trim();
  for (const field of ["transcriptionModel", "summaryModel", "chatModel"] as const) {
    if (!ai[field].fromEnvironment) input[field] = text(form[field]);
  }
  return input;
}
