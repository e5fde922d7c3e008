import { useQuery } from "@tanstack/react-query";
import { INVITATION_DAYS_DEFAULT, type CreatedInvitation, type Invitation } from "@vj/core";
import { Check, Copy } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "../../components/ui/button";
import { fieldClass, Input, inputClass } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { toast } from "../../lib/toast-store";
import { AdminSection, Badge } from "./admin-section";
import { formatDay, invitationLink } from "./admin-format";
import { useCreateInvitation, useRevokeInvitation } from "./mutations";
import { adminQueries } from "./queries";

const EXPIRY_CHOICES = [1, 7, 30, 90] as const;

/** Single-use sign-up links: create one (its link shows once), see them, revoke one still open. */
export function InvitationsSection() {
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  return (
    <AdminSection
      id="invitations"
      title="Invitations"
      description="A link lets one person create an account, even when sign-ups are by invitation or closed. Each link works once."
    >
      <div className="space-y-5">
        <CreateInvitationForm onCreated={setCreated} />
        {created ? <CreatedLink invitation={created} onDone={() => setCreated(null)} /> : null}
        {/* A revoked link's box goes with it: the link no longer works. */}
        <InvitationList onRevoked={(id) => setCreated((c) => (c?.id === id ? null : c))} />
      </div>
    </AdminSection>
  );
}

function CreateInvitationForm({ onCreated }: { onCreated(invitation: CreatedInvitation): void }) {
  const create = useCreateInvitation();
  const [email, setEmail] = useState("");
  const [days, setDays] = useState<number>(INVITATION_DAYS_DEFAULT);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(
      { email: email.trim() === "" ? undefined : email.trim(), expiresInDays: days },
      {
        onSuccess: (invitation) => {
          setEmail("");
          onCreated(invitation);
        },
      },
    );
  }
  return (
    <form onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-end">
      <div className="min-w-0 space-y-1.5">
        <Label htmlFor="invitation-email">E-mail (optional)</Label>
        <Input
          id="invitation-email"
          type="email"
          autoComplete="off"
          placeholder="Anyone with the link"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="invitation-expiry">Expires after</Label>
        <select
          id="invitation-expiry"
          className={cn(inputClass, "pr-8")}
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
        >
          {EXPIRY_CHOICES.map((d) => (
            <option key={d} value={d}>
              {d === 1 ? "1 day" : `${d} days`}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={create.isPending}>
        Create invitation
      </Button>
    </form>
  );
}

/** The new link, shown this once (the server keeps only its hash), with a button that copies it. */
function CreatedLink({ invitation, onDone }: { invitation: CreatedInvitation; onDone(): void }) {
  const link = invitationLink(window.location.origin, invitation.token);
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast({ title: "Link copied", description: "Send it to the person you invite." });
    } catch {
      toast({ variant: "destructive", title: "Not copied", description: "Select the link and copy it yourself." });
    }
  }
  return (
    <div role="status" className="rounded-xl border border-brand-100 bg-brand-50/60 p-4" data-testid="invitation-link">
      <p className="font-medium text-slate-900">
        Invitation link{invitation.email ? ` for ${invitation.email}` : ""}, valid until {formatDay(invitation.expiresAt)}
      </p>
      <p className="mt-1 text-slate-600">Copy it now: it is shown only once.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="invitation-link-text" className="sr-only">
          Invitation link
        </label>
        <textarea
          id="invitation-link-text"
          readOnly
          rows={3}
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          className={cn(fieldClass, "min-w-0 flex-1 resize-none py-2 font-mono text-xs [overflow-wrap:anywhere] sm:text-xs")}
        />
        <div className="flex gap-2 sm:w-32 sm:flex-col">
          <Button onClick={() => void copy()} className="flex-1 sm:flex-none">
            {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
            {copied ? "Copied" : "Copy link"}
          </Button>
          <Button variant="secondary" onClick={onDone} className="flex-1 sm:flex-none">
            Done
          </Button>
        </div>
      </div>
    </div>
  );
}

function InvitationList({ onRevoked }: { onRevoked(id: string): void }) {
  const invitations = useQuery(adminQueries.invitations());
  if (invitations.isError) return <p role="alert">The invitations could not be read.</p>;
  if (!invitations.data) return <Spinner />;
  if (invitations.data.length === 0) return <p className="text-slate-500">No invitations yet.</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Invitations">
      {invitations.data.map((invitation) => (
        <InvitationRow key={invitation.id} invitation={invitation} onRevoked={onRevoked} />
      ))}
    </ul>
  );
}

function InvitationRow({ invitation, onRevoked }: { invitation: Invitation; onRevoked(id: string): void }) {
  const revoke = useRevokeInvitation();
  const status =
    invitation.status === "used" ? (
      <Badge tone="green">Used{invitation.usedByEmail ? ` by ${invitation.usedByEmail}` : ""}</Badge>
    ) : invitation.status === "expired" ? (
      <Badge tone="slate">Expired</Badge>
    ) : (
      <Badge tone="brand">Open</Badge>
    );
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="invitation">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{invitation.email ?? "Anyone with the link"}</span>
          {status}
        </p>
        <p className="mt-0.5 text-xs text-slate-500">
          Created {formatDay(invitation.createdAt)} · {invitation.status === "expired" ? "expired" : "expires"} {formatDay(invitation.expiresAt)}
        </p>
      </div>
      {invitation.status === "open" ? (
        <Button variant="secondary" className="h-9 px-3" disabled={revoke.isPending} onClick={() => revoke.mutate(invitation.id, { onSuccess: () => onRevoked(invitation.id) })}>
          Revoke
        </Button>
      ) : null}
    </li>
  );
}
