import { CheckCircle2, Mic } from "lucide-react";
import { useState } from "react";
import { TabList } from "../../components/ui/tab-list";
import { DEFAULT_USE_CASE, USE_CASES, type UseCase } from "./use-cases";

type UseCaseKey = UseCase["key"];

const KEYS: readonly UseCaseKey[] = USE_CASES.map((useCase) => useCase.key);
const BY_KEY = Object.fromEntries(USE_CASES.map((useCase) => [useCase.key, useCase])) as Record<UseCaseKey, UseCase>;
const tabId = (key: UseCaseKey) => `use-case-tab-${key}`;
const panelId = (key: UseCaseKey) => `use-case-panel-${key}`;

/**
 * The four use cases behind an accessible tab selector (the WAI-ARIA tabs pattern: arrow keys,
 * roles, one Tab stop), "work" first. A press on the prerendered copy's tab, made before the app
 * took over, is replayed as a click on the tab of the same name (lib/prerender-takeover.ts).
 */
export function UseCaseTabs() {
  const [selected, setSelected] = useState<UseCaseKey>(DEFAULT_USE_CASE);
  return (
    <div className="mt-10">
      <TabList<UseCaseKey>
        tabs={KEYS}
        value={selected}
        onValueChange={setSelected}
        label="Use cases"
        className="mx-auto grid max-w-3xl grid-cols-2 gap-2 rounded-2xl bg-slate-100 p-1.5 sm:grid-cols-4"
        tabId={tabId}
        panelId={panelId}
        tabClassName={() =>
          "flex h-11 items-center justify-center gap-2 rounded-xl px-3 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
        }
      >
        {(key) => {
          const useCase = BY_KEY[key];
          return (
            <>
              <useCase.icon className="size-4 shrink-0" style={{ color: useCase.accent }} aria-hidden />
              <span>{useCase.tabLabel}</span>
            </>
          );
        }}
      </TabList>
      {/* Every panel is there (the tabs point at them), only the selected one filled. */}
      {KEYS.map((key) => (
        <div
          key={key}
          role="tabpanel"
          id={panelId(key)}
          aria-labelledby={tabId(key)}
          hidden={key !== selected}
          tabIndex={0}
          className="mt-8 focus-visible:outline-none"
        >
          {key === selected ? <UseCasePanel useCase={BY_KEY[key]} /> : null}
        </div>
      ))}
    </div>
  );
}

function UseCasePanel({ useCase }: { useCase: UseCase }) {
  return (
    <div className="grid gap-8 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 lg:grid-cols-2 lg:gap-12">
      <div>
        <div
          className="flex size-12 items-center justify-center rounded-2xl text-white shadow-sm"
          style={{ backgroundColor: useCase.accent }}
        >
          <useCase.icon className="size-6" aria-hidden />
        </div>
        <h3 className="mt-5 text-2xl font-semibold tracking-tight text-slate-900">{useCase.title}</h3>
        <p className="mt-3 text-base leading-relaxed text-slate-600">{useCase.description}</p>
        <ul className="mt-6 space-y-3">
          {useCase.benefits.map((benefit) => (
            <li key={benefit} className="flex gap-3 text-sm text-slate-700 sm:text-base">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
              <span>{benefit}</span>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Example recordings</h4>
        <ul className="mt-4 space-y-3">
          {useCase.examples.map((example) => (
            <li key={example} className="flex gap-3 rounded-2xl border border-slate-100 bg-slate-50 p-4">
              <span
                className="flex size-8 shrink-0 items-center justify-center rounded-full"
                style={{ backgroundColor: `${useCase.accent}1a`, color: useCase.accent }}
              >
                <Mic className="size-4" aria-hidden />
              </span>
              <p className="text-sm leading-relaxed text-slate-700">“{example}”</p>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
