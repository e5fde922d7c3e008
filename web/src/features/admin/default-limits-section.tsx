import { useQuery } from "@tanstack/react-query";
import type { InstanceSettings } from "@vj/core";
import { useState, type FormEvent } from "react";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { AdminSection, FromEnvironment } from "./admin-section";
import { LimitFields } from "./limit-fields";
import { limitText, parseLimits, type LimitKey, type LimitTexts } from "./limits-form";
import { useUpdateSettings } from "./mutations";
import { adminQueries } from "./queries";

const SETTING_OF = {
  transcriptionMinutes: ["transcriptionMinutesPerDay", "LIMIT_TRANSCRIPTION_MINUTES_PER_DAY"],
  summaries: ["summariesPerDay", "LIMIT_SUMMARIES_PER_DAY"],
  ask: ["askPerDay", "LIMIT_ASK_PER_DAY"],
} as const satisfies Record<LimitKey, readonly [keyof InstanceSettings["limits"], string]>;

/** What every account may use a day unless it has limits of its own. */
export function DefaultLimitsSection() {
  const settings = useQuery(adminQueries.settings());
  return (
    <AdminSection
      id="limits"
      title="Default daily limits"
      description="For every account without limits of its own, counted on each person's local day. Empty: no limit. A note over the transcription limit waits for the next day; nothing is lost."
    >
      {settings.data ? (
        // Keyed by what is saved, so the fields show the saved values again after a save.
        <DefaultLimitsForm key={JSON.stringify(settings.data.limits)} limits={settings.data.limits} />
      ) : settings.isError ? (
        <p role="alert">The settings could not be read.</p>
      ) : (
        <Spinner />
      )}
    </AdminSection>
  );
}

function DefaultLimitsForm({ limits }: { limits: InstanceSettings["limits"] }) {
  const save = useUpdateSettings({ title: "Limits saved", description: "They apply from now on." });
  const [texts, setTexts] = useState<LimitTexts>(() => ({
    transcriptionMinutes: limitText(limits.transcriptionMinutesPerDay.value),
    summaries: limitText(limits.summariesPerDay.value),
    ask: limitText(limits.askPerDay.value),
  }));
  const [errors, setErrors] = useState<Partial<Record<LimitKey, string>>>({});
  const fixed = (key: LimitKey) => limits[SETTING_OF[key][0]].fromEnvironment;
  const allFixed = (Object.keys(SETTING_OF) as LimitKey[]).every(fixed);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseLimits(texts);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    // A limit the environment fixes is left out: the server would refuse to change it.
    const patch: Partial<Record<keyof InstanceSettings["limits"], number | null>> = {};
    for (const key of Object.keys(SETTING_OF) as LimitKey[]) if (!fixed(key)) patch[SETTING_OF[key][0]] = parsed.limits[key];
    save.mutate({ limits: patch });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <LimitFields
        idPrefix="default-limit"
        texts={texts}
        errors={errors}
        onChange={(key, text) => setTexts((t) => ({ ...t, [key]: text }))}
        placeholder={() => "No limit"}
        disabled={fixed}
        hint={(key) => (fixed(key) ? <FromEnvironment variable={SETTING_OF[key][1]} /> : null)}
      />
      {allFixed ? null : (
        <Button type="submit" disabled={save.isPending}>
          Save limits
        </Button>
      )}
    </form>
  );
}
