import { useQuery } from "@tanstack/react-query";
import type { AiTestInput, AiTestResult, InstanceSettings } from "@vj/core";
import { CheckCircle2, XCircle } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { PasswordInput } from "../../components/ui/password-input";
import { Spinner } from "../../components/ui/spinner";
import { AdminSection, Badge, FromEnvironment } from "./admin-section";
import { aiFormInput, type AiForm, type AiFormField } from "./ai-form";
import { useTestAi, useUpdateSettings } from "./mutations";
import { adminQueries } from "./queries";

/** The OpenAI-compatible endpoint, its key (write-only) and the three models, with a Test button. */
export function AiSettingsSection() {
  const settings = useQuery(adminQueries.settings());
  // Out here: what the test answered stays on screen when a save renews the form below.
  const test = useTestAi();
  return (
    <AdminSection
      id="ai"
      title="AI engines"
      description="An OpenAI-compatible endpoint for transcription, summaries and Ask. A change applies at once, without a restart; notes waiting for an engine are queued."
    >
      {settings.data ? (
        <AiSettingsForm key={JSON.stringify(settings.data.ai)} ai={settings.data.ai} test={test} />
      ) : settings.isError ? (
        <p role="alert">The settings could not be read.</p>
      ) : (
        <Spinner />
      )}
    </AdminSection>
  );
}

const MODEL_FIELDS = [
  { field: "transcriptionModel", label: "Transcription model", variable: "TRANSCRIBE_MODEL", placeholder: "whisper-1" },
  { field: "summaryModel", label: "Summary model", variable: "SUMMARY_MODEL", placeholder: "gpt-4o-mini" },
  { field: "chatModel", label: "Ask model", variable: "CHAT_MODEL", placeholder: "The summary model" },
] as const;

function AiSettingsForm({ ai, test }: { ai: InstanceSettings["ai"]; test: ReturnType<typeof useTestAi> }) {
  const save = useUpdateSettings({ title: "AI settings saved", description: "They apply at once." });
  const [form, setForm] = useState<AiForm>(() => ({
    baseUrl: ai.baseUrl.value ?? "",
    apiKey: "",
    transcriptionModel: ai.transcriptionModel.value ?? "",
    summaryModel: ai.summaryModel.value ?? "",
    chatModel: ai.chatModel.value ?? "",
  }));
  const set = (field: AiFormField, value: string) => setForm((f) => ({ ...f, [field]: value }));
  const input = (): AiTestInput => aiFormInput(form, ai);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate({ ai: input() });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="ai-base-url">Base URL</Label>
          <Input
            id="ai-base-url"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://api.openai.com/v1"
            value={form.baseUrl}
            disabled={ai.baseUrl.fromEnvironment}
            onChange={(e) => set("baseUrl", e.target.value)}
          />
          {ai.baseUrl.fromEnvironment ? <FromEnvironment variable="OPENAI_BASE_URL" /> : null}
        </div>
        <div className="min-w-0 space-y-1.5">
          <div className="flex items-center justify-between gap-2">
            <Label htmlFor="ai-api-key">API key</Label>
            <span data-testid="ai-key-state">{ai.apiKey.set ? <Badge tone="green">Set</Badge> : <Badge>Not set</Badge>}</span>
          </div>
          <PasswordInput
            id="ai-api-key"
            label="API key"
            autoComplete="off"
            placeholder={ai.apiKey.set ? "Enter a new key to replace it" : "sk-…"}
            value={form.apiKey}
            disabled={ai.apiKey.fromEnvironment}
            onChange={(e) => set("apiKey", e.target.value)}
          />
          {ai.apiKey.fromEnvironment ? (
            <FromEnvironment variable="OPENAI_API_KEY" />
          ) : (
            <p className="text-xs text-slate-500">Stored encrypted on the server and never shown again.</p>
          )}
        </div>
        {MODEL_FIELDS.map(({ field, label, variable, placeholder }) => (
          <div key={field} className="min-w-0 space-y-1.5">
            <Label htmlFor={`ai-${field}`}>{label}</Label>
            <Input
              id={`ai-${field}`}
              autoComplete="off"
              placeholder={placeholder}
              value={form[field]}
              disabled={ai[field].fromEnvironment}
              onChange={(e) => set(field, e.target.value)}
            />
            {ai[field].fromEnvironment ? <FromEnvironment variable={variable} /> : null}
          </div>
        ))}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" disabled={save.isPending}>
          Save AI settings
        </Button>
        <Button variant="secondary" disabled={test.isPending} onClick={() => test.mutate(input())}>
          {test.isPending ? <Spinner className="size-4" /> : null}
          {test.isPending ? "Testing..." : "Test"}
        </Button>
        {ai.apiKey.set && !ai.apiKey.fromEnvironment ? (
          <Button variant="ghost" className="text-red-700 hover:bg-red-50 hover:text-red-800" disabled={save.isPending} onClick={() => save.mutate({ ai: { apiKey: null } })}>
            Remove the stored key
          </Button>
        ) : null}
      </div>
      <div aria-live="polite">{test.data ? <TestResult result={test.data} /> : null}</div>
    </form>
  );
}

/** What the endpoint answered to the test clip and the test prompt. */
function TestResult({ result }: { result: AiTestResult }) {
  const rows = [
    { name: "Transcription", part: result.transcription },
    { name: "Summary", part: result.summary },
  ];
  return (
    <div className="space-y-2 rounded-xl border border-slate-200 p-4" data-testid="ai-test-result">
      <p className="font-medium text-slate-900">Test result</p>
      {rows.map(({ name, part }) => (
        <div key={name} className="flex gap-2" data-testid={`ai-test-${name.toLowerCase()}`}>
          {part.ok ? (
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
          ) : (
            <XCircle className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden />
          )}
          <div className="min-w-0">
            <p>
              <span className="font-medium text-slate-900">{name}</span>{" "}
              <span className="text-slate-500">
                {part.ok ? "worked" : "failed"} · {part.engine} · {part.ms.toLocaleString("en")} ms
              </span>
            </p>
            <p className="mt-0.5 text-slate-700 [overflow-wrap:anywhere]">{part.ok ? `“${part.text ?? ""}”` : part.error}</p>
          </div>
        </div>
      ))}
    </div>
  );
}
