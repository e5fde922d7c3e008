import { useState, type FormEvent } from "react";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/label";
import { PasswordInput } from "../../components/ui/password-input";
import { toast } from "../../lib/toast-store";
import { getSupabase } from "../../lib/supabase";
import { usePageNavigation } from "../../lib/page-navigation";
import { takeAfterSignIn } from "../../lib/after-sign-in";
import { AuthSwitch, EmailField } from "./auth-fields";
import { AuthLayout } from "./auth-layout";
import { signInErrorMessage, UNEXPECTED_ERROR } from "./auth-messages";

const BUSY_LABEL = "Signing in...";

export function LoginForm() {
  const navigation = usePageNavigation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const supabase = await getSupabase();
      const { error } = await supabase.auth.signInWithPassword({ email, password });
      if (error) {
        toast({ variant: "destructive", title: "Sign in failed", description: signInErrorMessage(error) });
        return;
      }
      // Back to the page that asked for sign-in (an assistant's consent page), else home.
      navigation.go(takeAfterSignIn() ?? "/");
    } catch {
      toast({ variant: "destructive", title: "Sign in failed", description: UNEXPECTED_ERROR });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to your account to continue journaling"
      footer={<AuthSwitch prompt="Don't have an account?" to="/auth/signup" label="Sign up" />}
    >
      {/* method="post": should the static copy's form be sent without JavaScript (its inline script holds it back for the app otherwise), the password stays out of the URL (the API answers with the page again). */}
      <form className="space-y-5" method="post" onSubmit={onSubmit}>
        <EmailField value={email} onChange={setEmail} />
        <div className="space-y-2">
          <Label htmlFor="password">Password</Label>
          <PasswordInput id="password" label="Password" autoComplete="current-password" placeholder="Your password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </div>
        {/* data-busy-label: the static copy shows it once pressed, before the app takes over (prerender-pages.mjs). */}
        <Button type="submit" className="w-full" disabled={busy} data-busy-label={BUSY_LABEL}>
          {busy ? BUSY_LABEL : "Sign in"}
        </Button>
      </form>
    </AuthLayout>
  );
}
