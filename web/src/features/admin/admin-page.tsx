import { AccountsSection } from "./accounts-section";
import { AiSettingsSection } from "./ai-settings-section";
import { DefaultLimitsSection } from "./default-limits-section";
import { InstanceStateSection } from "./instance-state-section";
import { InvitationsSection } from "./invitations-section";
import { SignupsSection } from "./signups-section";

const JUMPS = [
  ["instance", "Instance"],
  ["accounts", "Accounts"],
  ["invitations", "Invitations"],
  ["signups", "Sign-ups"],
  ["limits", "Limits"],
  ["ai", "AI"],
] as const;

/** /admin: running this instance (DESIGN §16). Only an admin reaches it; the route answers 404 to anyone else. */
export function AdminPage() {
  return (
    <main className="mx-auto w-full max-w-4xl px-4 pb-[calc(3rem+env(safe-area-inset-bottom))] pt-8 sm:px-6 sm:pt-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Admin</h1>
      <p className="mt-1 text-sm text-slate-600">Who may use this instance, what they use, and how it runs.</p>
      <nav aria-label="Admin sections" className="mt-4 -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex gap-2">
          {JUMPS.map(([id, label]) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="inline-flex h-9 items-center whitespace-nowrap rounded-full border border-slate-200 bg-white px-3 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 flex flex-col gap-4 [&>section]:scroll-mt-20">
        <InstanceStateSection />
        <AccountsSection />
        <InvitationsSection />
        <SignupsSection />
        <DefaultLimitsSection />
        <AiSettingsSection />
      </div>
    </main>
  );
}
