import { useEffect, useState, type FormEvent } from "react";
import { AlertTriangle, MailCheck } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/label";
import { PasswordInput } from "../../components/ui/password-input";
import { toast } from "../../lib/toast-store";
import { getSupabase } from "../../lib/supabase";
import { usePageNavigation } from "../../lib/page-navigation";
import { AuthSwitch, EmailField } from "./auth-fields";
import { AuthLayout } from "./auth-layout";
import { signUpDestination, UNEXPECTED_ERROR } from "./auth-messages";
import { signupNotice, useSignupStatus, type SignupNotice } from "./signup-policy";
// The constants alone, not the barrel: the visitor island would carry every core schema and zod (web/scripts/chunk-groups.ts).
import { MIN_PASSWORD_LENGTH } from "@vj/core/constants";

const BUSY_LABEL = "Creating account...";

/** The invitation token of the page's address, in the user metadata the sign-up carries (the server reads `invitation`). */
export function invitationData(search: string): { data?: { invitation: string } } {
  const invitation = new URLSearchParams(search).get("invitation");
  return invitation ? { data: { invitation } } : {};
}

export function SignupForm() {
  const navigation = usePageNavigation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const status = useSignupStatus(true);
  const notice = signupNotice(status);
  const invitedEmail = status?.invitation?.status === "valid" ? status.invitation.email : null;
  // An invitation for one address fills it in (the server accepts no other with it).
  useEffect(() => {
    if (invitedEmail) setEmail((current) => current || invitedEmail);
  }, [invitedEmail]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== confirm) {
      toast({ variant: "destructive", title: "Passwords don't match", description: "Please make sure both passwords are the same." });
      return;
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      toast({ variant: "destructive", title: "Password too short", description: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.` });
      return;
    }
    setBusy(true);
    try {
      const supabase = await getSupabase();
      const { data, error } = await supabase.auth.signUp({
        email,
        password,
        // An admin's invitation link (/auth/signup?invitation=…) lets this person in where sign-ups need one.
        options: { emailRedirectTo: `${window.location.origin}/auth/callback`, ...invitationData(window.location.search) },
      });
      if (error) {
        toast({ variant: "destructive", title: "Sign up failed", description: error.message || UNEXPECTED_ERROR });
        return;
      }
      if (data.user && !data.session) {
        // The spec only says "go to sign-in"; without a word the user would not know to open their inbox.
        toast({ title: "Check your email", description: "We sent you a confirmation link. Open it, then sign in." });
      }
      navigation.go(signUpDestination(data));
    } catch {
      toast({ variant: "destructive", title: "Sign up failed", description: UNEXPECTED_ERROR });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title="Create an account"
      subtitle="Start journaling with your voice"
      footer={<AuthSwitch prompt="Already have an account?" to="/auth/login" label="Sign in" />}
    >
      {/* method="post": should the static copy's form be sent without JavaScript (its inline script holds it back for the app otherwise), the password stays out of the URL (the API answers with the page again). */}
      {notice ? <SignupNoticeCard notice={notice} /> : null}
      <form className="space-y-5" method="post" onSubmit={onSubmit}>
        <EmailField value={email} onChange={setEmail} />
        <div className="space-y-2">
          <Label htmlFor="password">Password</Label>
          <PasswordInput
            id="password"
            label="Password"
            autoComplete="new-password"
            placeholder={`At least ${MIN_PASSWORD_LENGTH} characters`}
            required
            minLength={MIN_PASSWORD_LENGTH}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor="confirm-password">Confirm password</Label>
          <PasswordInput
            id="confirm-password"
            label="Confirm password"
            autoComplete="new-password"
            placeholder="Repeat your password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </div>
        {/* data-busy-label: the static copy shows it once pressed, before the app takes over (prerender-pages.mjs). */}
        <Button type="submit" className="w-full" disabled={busy} data-busy-label={BUSY_LABEL}>
          {busy ? BUSY_LABEL : "Create account"}
        </Button>
      </form>
    </AuthLayout>
  );
}

/** Above the form: the invitation's state, or that this instance limits sign-ups. */
function SignupNoticeCard({ notice }: { notice: SignupNotice }) {
  const Icon = notice.tone === "info" ? MailCheck : AlertTriangle;
  return (
    <div
      role="status"
      data-testid="signup-notice"
      className={
        notice.tone === "info"
          ? "mb-5 flex gap-3 rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-900"
          : "mb-5 flex gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      }
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0">
        <p className="font-semibold">{notice.title}</p>
        <p className="mt-0.5 [overflow-wrap:anywhere]">{notice.text}</p>
      </div>
    </div>
  );
}
