import { Suspense } from "react";
import { Spinner } from "../../components/ui/spinner";
import { SETTINGS_SECTIONS, type SettingsSection } from "./sections";

/** /settings: the person's settings as a column of sections (sections.ts); it needs no server. */
export function SettingsPage() {
  return (
    <main className="mx-auto w-full max-w-2xl px-4 pb-[calc(3rem+env(safe-area-inset-bottom))] pt-8 sm:px-6 sm:pt-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Settings</h1>
      <div className="mt-6 flex flex-col gap-4">
        {SETTINGS_SECTIONS.map((section) => (
          <Section key={section.id} section={section} />
        ))}
      </div>
    </main>
  );
}

const alwaysShown = () => true;

function Section({ section }: { section: SettingsSection }) {
  // The list is fixed, so each section calls the same hook on every render.
  const shown = (section.useShown ?? alwaysShown)();
  if (!shown) return null;
  const { id, title, Content } = section;
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="rounded-2xl border border-slate-200/80 bg-white p-5 shadow-sm shadow-slate-200/60 sm:p-6">
      <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 text-sm text-slate-600">
        <Suspense fallback={<Spinner />}>
          <Content />
        </Suspense>
      </div>
    </section>
  );
}
