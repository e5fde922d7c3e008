import { useNavigate } from "@tanstack/react-router";
import { ONBOARDING_TEMPLATES } from "@vj/core";
import { Button } from "../../components/ui/button";
import { useCreateFirstCollection } from "../collections/mutations";

/** /onboarding (SPEC §2) — placeholder until the onboarding work lands. */
export function OnboardingPage() {
  const navigate = useNavigate();
  const create = useCreateFirstCollection();
  const template = ONBOARDING_TEMPLATES[0]!;
  return (
    <main className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-2xl font-semibold">Welcome to Voice Journal</h1>
      <Button
        className="mt-6"
        disabled={create.isPending}
        onClick={() =>
          create.mutate(
            { name: template.name, description: template.description, primaryColor: template.color, isDefault: true, userId: "" },
            { onSuccess: () => void navigate({ to: "/" }) },
          )
        }
      >
        {create.isPending ? "Creating Collection..." : "Create My Collection"}
      </Button>
    </main>
  );
}
