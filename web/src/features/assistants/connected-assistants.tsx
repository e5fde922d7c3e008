import { useQuery } from "@tanstack/react-query";
import type { ConnectedAssistant } from "@vj/core";
import { Bot, Check, Copy, KeyRound } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { useOnline } from "../../lib/use-online";
import { useCreateAssistantToken, useRevokeAssistant } from "./mutations";
import { assistantQueries } from "./queries";

/** Where an assistant connects: this app's /mcp. */
export const mcpAddress = () => `${window.location.origin}/mcp`;

/**
 * Settings → Connected assistants: the address to paste into an assistant (which then signs in
 * here), access tokens for clients that take a header (shown once), and every token and app with
 * its last use, each revocable.
 */
export function ConnectedAssistants() {
  const list = useQuery(assistantQueries.list());
  const online = useOnline();
  return (
    <div className="flex flex-col gap-5">
      <p>
        Let an AI assistant (Claude, ChatGPT, an editor's agent) read your notes, summaries and collections. It cannot change or delete
        anything, and it never hears your recordings.
      </p>
      <CopyField label="Address to add in your assistant" value={mcpAddress()} />
      <CreateToken />
      <div>
        <h3 className="font-medium text-slate-900">Connected</h3>
        {list.data ? (
          list.data.length === 0 ? (
            <p className="mt-2 text-slate-500">No assistant is connected.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200" data-testid="connected-assistants">
              {list.data.map((a) => (
                <AssistantRow key={a.id} assistant={a} />
              ))}
            </ul>
          )
        ) : !online ? (
          // Offline with nothing cached the query waits for the network: say so rather than load forever.
          <p className="mt-2">You're offline: your connected assistants show once you're back online.</p>
        ) : list.isError ? (
          <p className="mt-2">Your connected assistants could not be loaded.</p>
        ) : (
          <p className="mt-2 text-slate-500">Loading...</p>
        )}
      </div>
    </div>
  );
}

function CreateToken() {
  const id = useId();
  const [name, setName] = useState("");
  const [created, setCreated] = useState<string | null>(null);
  const create = useCreateAssistantToken();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate(name.trim(), {
      onSuccess: (answer) => {
        setCreated(answer.token);
        setName("");
      },
    });
  };

  if (created) {
    return (
      <div className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4" data-testid="new-assistant-token">
        <p className="font-medium text-slate-900">Copy this token now: it won't be shown again.</p>
        <CopyField label="Access token (read only)" value={created} />
        <p className="text-xs text-slate-600">Send it as the header Authorization: Bearer followed by the token.</p>
        <Button variant="secondary" className="self-start" onClick={() => setCreated(null)}>
          Done
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <Label htmlFor={`${id}-name`}>New access token, for assistants configured with a token</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id={`${id}-name`} value={name} maxLength={80} placeholder="e.g. Claude Desktop" onChange={(e) => setName(e.target.value)} />
        <Button type="submit" disabled={create.isPending || !name.trim()} className="shrink-0">
          <KeyRound className="size-4" aria-hidden />
          Create token
        </Button>
      </div>
    </form>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (an insecure origin, a refusal): the field is selectable.
    }
  };
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input id={id} readOnly value={value} className="min-w-0 font-mono text-xs sm:text-xs" onFocus={(e) => e.target.select()} />
        <Button variant="secondary" className="shrink-0" onClick={() => void copy()} aria-label={copied ? `${label}: copied` : `Copy ${label.toLowerCase()}`}>
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
    </div>
  );
}

const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function AssistantRow({ assistant }: { assistant: ConnectedAssistant }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeAssistant();
  const kind = assistant.kind === "oauth" ? "Signed in" : "Access token";
  return (
    <li className="flex items-center gap-3 p-3">
      <span className="grid size-9 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-600" aria-hidden>
        {assistant.kind === "oauth" ? <Bot className="size-4" /> : <KeyRound className="size-4" />}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">{assistant.name}</p>
        <p className="text-xs text-slate-500">
          {kind} · read only · {assistant.lastUsedAt ? `last used ${when.format(new Date(assistant.lastUsedAt))}` : "never used"}
        </p>
      </div>
      <Button variant="secondary" className="shrink-0" onClick={() => setConfirming(true)} aria-label={`Revoke ${assistant.name}`}>
        Revoke
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Revoke ${assistant.name}?`}
        description="It loses access to your journal at its next request. You can connect it again later."
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onConfirm={() => revoke.mutate(assistant.id, { onSettled: () => setConfirming(false) })}
      />
    </li>
  );
}
