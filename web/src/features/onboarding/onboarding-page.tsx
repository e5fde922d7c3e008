import { useNavigate } from "@tanstack/react-router";
import { ONBOARDING_DEFAULT_COLOR, ONBOARDING_SWATCHES, type CollectionTemplate } from "@vj/core";
import { Plus } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ColorSwatches } from "../../components/color-swatches";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../lib/toast-store";
import { useCreateFirstCollection } from "../collections/mutations";
import { rememberSelected } from "../collections/selection";
import { firstCollectionInput, NAME_REQUIRED, type FirstCollectionDraft } from "./first-collection";
import { TemplateRow } from "./template-row";

const OWN = "own";

/** /onboarding (SPEC §2, §4): pick a template or start blank, then name, describe and colour the first collection. */
export function OnboardingPage() {
  const navigate = useNavigate();
  const create = useCreateFirstCollection();
  // Which choice revealed the form: a template's name, "own", or null while the form is hidden.
  const [choice, setChoice] = useState<string | null>(null);
  const [draft, setDraft] = useState<FirstCollectionDraft>({ name: "", description: "", color: ONBOARDING_DEFAULT_COLOR });
  const [nameInvalid, setNameInvalid] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const ids = { name: useId(), description: useId(), hint: useId(), color: useId() };

  // Bring the revealed form into view (on a phone it opens below the fold) and put the cursor in the name.
  useEffect(() => {
    if (!choice) return;
    formRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
    nameRef.current?.focus({ preventScroll: true });
  }, [choice]);

  function chooseTemplate(template: CollectionTemplate) {
    setDraft({ name: template.name, description: template.description, color: template.color });
    setNameInvalid(false);
    setChoice(template.name);
  }

  function chooseOwn() {
    setDraft({ name: "", description: "", color: ONBOARDING_DEFAULT_COLOR });
    setNameInvalid(false);
    setChoice(OWN);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = firstCollectionInput(draft);
    if (!input) {
      setNameInvalid(true);
      toast(NAME_REQUIRED);
      nameRef.current?.focus();
      return;
    }
    create.mutate(input, {
      onSuccess: (created) => {
        // "/" opens the last selected collection first: make that the one just created.
        rememberSelected(created.id);
        void navigate({ to: "/" });
      },
    });
  }

  return (
    <div className="flex-1 bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50">
      <main className="mx-auto w-full max-w-3xl px-4 pb-[calc(3rem+env(safe-area-inset-bottom))] pt-8 sm:px-6 sm:pt-12">
        <div className="text-center">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Welcome to Voice Journal</h1>
          <p className="mx-auto mt-3 max-w-xl text-base text-slate-600 sm:text-lg">
            Let's create your first collection. Collections keep related recordings together, so your summaries stay
            focused. Pick a template or start from scratch.
          </p>
        </div>

        <section className="mt-10">
          <TemplateRow selected={choice === OWN ? null : choice} onChoose={chooseTemplate} />
          <div className="mt-2 flex items-center gap-4">
            <span className="h-px flex-1 bg-slate-200" aria-hidden />
            <Button variant="secondary" onClick={chooseOwn} aria-pressed={choice === OWN}>
              <Plus className="size-4" aria-hidden />
              Create My Own
            </Button>
            <span className="h-px flex-1 bg-slate-200" aria-hidden />
          </div>
        </section>

        {choice ? (
          <form ref={formRef} onSubmit={submit} noValidate className="mt-8 scroll-mt-24">
            <Card className="space-y-6">
              <div className="space-y-2">
                <Label htmlFor={ids.name}>Collection Name</Label>
                <Input
                  id={ids.name}
                  ref={nameRef}
                  value={draft.name}
                  onChange={(e) => {
                    setDraft({ ...draft, name: e.target.value });
                    if (nameInvalid && e.target.value.trim()) setNameInvalid(false);
                  }}
                  placeholder="e.g. Work Journal"
                  autoComplete="off"
                  aria-invalid={nameInvalid}
                />
              </div>
              <div className="space-y-2">
                <Label htmlFor={ids.description}>Description</Label>
                <Textarea
                  id={ids.description}
                  value={draft.description}
                  onChange={(e) => setDraft({ ...draft, description: e.target.value })}
                  placeholder="What will you record here?"
                  aria-describedby={ids.hint}
                />
                <p id={ids.hint} className="text-sm text-slate-500">
                  A short description helps the AI understand what this collection is about and write better summaries.
                </p>
              </div>
              <div className="space-y-3">
                <p id={ids.color} className="text-sm font-medium text-slate-700">
                  Collection Color
                </p>
                <ColorSwatches
                  colors={ONBOARDING_SWATCHES}
                  value={draft.color}
                  onChange={(color) => setDraft({ ...draft, color })}
                  labelledBy={ids.color}
                />
              </div>
              <Button type="submit" className="w-full sm:w-auto" disabled={create.isPending}>
                {create.isPending ? "Creating Collection..." : "Create My Collection"}
              </Button>
            </Card>
          </form>
        ) : null}
      </main>
    </div>
  );
}
