import type { AdminAccount, InstanceSettings } from "@vj/core";
import { useState, type FormEvent } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { LimitFields } from "./limit-fields";
import { describeLimit, LIMIT_FIELDS, limitTexts, parseLimits, type LimitKey, type LimitTexts } from "./limits-form";
import { useUpdateAccount } from "./mutations";

type Props = {
  open: boolean;
  onOpenChange(open: boolean): void;
  account: AdminAccount;
  defaults: InstanceSettings["limits"] | undefined;
};

const DEFAULT_OF: Record<LimitKey, keyof InstanceSettings["limits"]> = {
  transcriptionMinutes: "transcriptionMinutesPerDay",
  summaries: "summariesPerDay",
  ask: "askPerDay",
};

/** One account's own daily limits; a field left empty follows the instance's default. */
export function AccountLimitsDialog({ open, onOpenChange, account, defaults }: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Daily limits"
      description={<span className="[overflow-wrap:anywhere]">For {account.email}. Leave a field empty to follow the instance's default.</span>}
    >
      {/* A fresh form each time the dialog opens, from the account as it is now. */}
      {open ? <LimitsForm account={account} defaults={defaults} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function LimitsForm({ account, defaults, onDone }: { account: AdminAccount; defaults: Props["defaults"]; onDone(): void }) {
  const update = useUpdateAccount();
  const [texts, setTexts] = useState<LimitTexts>(() => limitTexts(account.limits));
  const [errors, setErrors] = useState<Partial<Record<LimitKey, string>>>({});
  const unitOf = (key: LimitKey) => LIMIT_FIELDS.find((f) => f.key === key)?.unit ?? "";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseLimits(texts);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    update.mutate({ id: account.id, change: { limits: parsed.limits } }, { onSuccess: onDone });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <LimitFields
        idPrefix={`limits-${account.id}`}
        className="grid gap-4"
        texts={texts}
        errors={errors}
        onChange={(key, text) => setTexts((t) => ({ ...t, [key]: text }))}
        placeholder={(key) => {
          const value = defaults?.[DEFAULT_OF[key]].value;
          return value === undefined ? "Instance default" : `Default: ${describeLimit(value, unitOf(key))}`;
        }}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          Save limits
        </Button>
      </div>
    </form>
  );
}
