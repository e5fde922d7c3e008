import { useQuery } from "@tanstack/react-query";
import type { AdminAccount, InstanceSettings } from "@vj/core";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Spinner } from "../../components/ui/spinner";
import { accountQueries } from "../account/queries";
import { AdminSection, Badge, Figure } from "./admin-section";
import { formatAiUse, formatDay, formatLastActive, formatStorage } from "./admin-format";
import { AccountLimitsDialog } from "./account-limits-dialog";
import { describeLimit, LIMIT_FIELDS } from "./limits-form";
import { useDeleteAccount, useUpdateAccount } from "./mutations";
import { adminQueries } from "./queries";

/** Every account of the instance with what it stores and spends, and what an admin may do to it. */
export function AccountsSection() {
  const accounts = useQuery(adminQueries.accounts());
  const me = useQuery(accountQueries.me());
  const settings = useQuery(adminQueries.settings());
  const count = accounts.data?.length;
  return (
    <AdminSection
      id="accounts"
      title="Accounts"
      description={count === undefined ? undefined : `${count.toLocaleString("en")} ${count === 1 ? "account" : "accounts"}. AI use counts this calendar month.`}
    >
      {accounts.data ? (
        <ul className="-mx-5 -mb-5 divide-y divide-slate-100 border-t border-slate-100 sm:-mx-6 sm:-mb-6">
          {accounts.data.map((account) => (
            <AccountRow key={account.id} account={account} isMe={account.id === me.data?.id} settings={settings.data} />
          ))}
        </ul>
      ) : accounts.isError ? (
        <p role="alert">The accounts could not be read.</p>
      ) : (
        <Spinner />
      )}
    </AdminSection>
  );
}

type Confirming = "disable" | "delete" | null;

function AccountRow({ account, isMe, settings }: { account: AdminAccount; isMe: boolean; settings: InstanceSettings | undefined }) {
  const update = useUpdateAccount();
  const remove = useDeleteAccount();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [editingLimits, setEditingLimits] = useState(false);
  const emailId = `account-${account.id}`;
  const busy = update.isPending || remove.isPending;
  const change = (patch: Parameters<typeof update.mutate>[0]["change"]) => update.mutate({ id: account.id, change: patch });
  const ownLimits = LIMIT_FIELDS.filter(({ key }) => account.limits[key] !== null);
  return (
    <li aria-labelledby={emailId} className="px-5 py-4 sm:px-6" data-testid="admin-account" data-email={account.email}>
      <div className="flex flex-wrap items-center gap-2">
        <p id={emailId} className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">
          {account.email}
        </p>
        {isMe ? <Badge tone="brand">You</Badge> : null}
        {account.isAdmin ? <Badge tone="brand">Admin</Badge> : null}
        {account.disabled ? <Badge tone="red">Disabled</Badge> : null}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 lg:grid-cols-6">
        <Figure label="Created" value={formatDay(account.createdAt)} />
        <Figure label="Last active" value={formatLastActive(account.lastActiveAt)} />
        <Figure label="Notes" value={account.notes.toLocaleString("en")} testId="account-notes" />
        <Figure label="Audio stored" value={formatStorage(account.audioBytes)} />
        <Figure label="AI use this month" value={formatAiUse(account.aiThisMonth)} testId="account-ai-use" className="col-span-2" />
      </dl>
      {ownLimits.length > 0 ? (
        <p className="mt-2 text-xs text-slate-600" data-testid="account-own-limits">
          Own limits: {ownLimits.map(({ key, label, unit }) => `${label.replace(/ a day$/, "")} ${describeLimit(account.limits[key], unit)}`).join(" · ")}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {account.disabled ? (
          <Button variant="secondary" className="h-9 px-3" disabled={busy} onClick={() => change({ disabled: false })}>
            Enable
          </Button>
        ) : isMe ? null : (
          <Button variant="secondary" className="h-9 px-3" disabled={busy} onClick={() => setConfirming("disable")}>
            Disable
          </Button>
        )}
        <Button variant="secondary" className="h-9 px-3" disabled={busy} onClick={() => change({ isAdmin: !account.isAdmin })}>
          {account.isAdmin ? "Remove admin" : "Make admin"}
        </Button>
        <Button variant="secondary" className="h-9 px-3" disabled={busy} onClick={() => setEditingLimits(true)}>
          Limits
        </Button>
        {isMe ? null : (
          <Button variant="ghost" className="h-9 px-3 text-red-700 hover:bg-red-50 hover:text-red-800" disabled={busy} onClick={() => setConfirming("delete")}>
            Delete
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming === "disable"}
        onOpenChange={(open) => setConfirming(open ? "disable" : null)}
        title="Disable this account?"
        description={
          <>
            <strong className="font-semibold text-slate-900">{account.email}</strong> is signed out everywhere at once and cannot sign in
            until you enable the account again. Its notes stay.
          </>
        }
        confirmLabel="Disable account"
        busy={update.isPending}
        onConfirm={() => update.mutate({ id: account.id, change: { disabled: true } }, { onSettled: () => setConfirming(null) })}
      />
      <ConfirmDialog
        open={confirming === "delete"}
        onOpenChange={(open) => setConfirming(open ? "delete" : null)}
        title="Delete this account?"
        description={
          <>
            <strong className="font-semibold text-slate-900">{account.email}</strong> and all of its collections, notes, summaries and
            audio are deleted for good. This cannot be undone.
          </>
        }
        confirmLabel="Delete account"
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ id: account.id, email: account.email }, { onSettled: () => setConfirming(null) })}
      />
      <AccountLimitsDialog open={editingLimits} onOpenChange={setEditingLimits} account={account} defaults={settings?.limits} />
    </li>
  );
}
