import { useQuery } from "@tanstack/react-query";
import type { SignupPolicy } from "@vj/core";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { AdminSection, FromEnvironment } from "./admin-section";
import { useUpdateSettings } from "./mutations";
import { adminQueries } from "./queries";

const POLICIES: { value: SignupPolicy; title: string; description: string }[] = [
  { value: "open", title: "Open", description: "Anyone who finds this address can create an account." },
  { value: "invite", title: "By invitation", description: "Only people with an invitation link can create an account." },
  { value: "closed", title: "Closed", description: "Nobody can create an account; an invitation link still works." },
];

/** Who may create an account: saved as soon as it is chosen, unless the environment fixes it. */
export function SignupsSection() {
  const settings = useQuery(adminQueries.settings());
  const save = useUpdateSettings({ title: "Sign-ups changed", description: "The landing and sign-up pages say so from now on." });
  const setting = settings.data?.signups;
  return (
    <AdminSection id="signups" title="Sign-ups" description="Who may create an account on this instance.">
      {setting ? (
        <fieldset disabled={setting.fromEnvironment || save.isPending}>
          <legend className="sr-only">Who may sign up</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {POLICIES.map((policy) => {
              const checked = (save.isPending ? save.variables?.signups : setting.value) === policy.value;
              return (
                <label
                  key={policy.value}
                  className={cn(
                    "flex cursor-pointer gap-3 rounded-xl border px-4 py-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500",
                    checked ? "border-brand-500 bg-brand-50/60" : "border-slate-200 hover:bg-slate-50",
                    setting.fromEnvironment && "cursor-not-allowed opacity-80",
                  )}
                >
                  <input
                    type="radio"
                    name="signups"
                    value={policy.value}
                    checked={checked}
                    onChange={() => save.mutate({ signups: policy.value })}
                    className="mt-0.5 size-4 shrink-0 accent-brand-600"
                  />
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-900">{policy.title}</span>
                    <span className="mt-0.5 block text-xs text-slate-600">{policy.description}</span>
                  </span>
                </label>
              );
            })}
          </div>
          {setting.fromEnvironment ? <FromEnvironment variable="SIGNUPS" /> : null}
        </fieldset>
      ) : settings.isError ? (
        <p role="alert">The settings could not be read.</p>
      ) : (
        <Spinner />
      )}
    </AdminSection>
  );
}
