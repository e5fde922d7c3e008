import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { PageLink } from "../../lib/page-navigation";

/** The e-mail field both auth forms start with. */
export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="space-y-2">
      <Label htmlFor="email">Email</Label>
      <Input id="email" type="email" autoComplete="email" placeholder="you@example.com" required value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/** The footer line that links sign-in and sign-up to each other. */
export function AuthSwitch({ prompt, to, label }: { prompt: string; to: "/auth/login" | "/auth/signup"; label: string }) {
  return (
    <>
      {prompt}{" "}
      <PageLink to={to} className="rounded font-medium text-brand-600 hover:text-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
        {label}
      </PageLink>
    </>
  );
}
