import * as Tabs from "@radix-ui/react-tabs";
import { CheckCircle2, Mic } from "lucide-react";
import { DEFAULT_USE_CASE, USE_CASES, type UseCase } from "./use-cases";

/** The four use cases behind an accessible tab selector (Radix: arrow keys, roles, focus), "work" first. */
export function UseCaseTabs() {
  return (
    <Tabs.Root defaultValue={DEFAULT_USE_CASE} className="mt-10">
      <Tabs.List
        aria-label="Use cases"
        className="mx-auto grid max-w-3xl grid-cols-2 gap-2 rounded-2xl bg-slate-100 p-1.5 sm:grid-cols-4"
      >
        {USE_CASES.map((useCase) => (
          <Tabs.Trigger
            key={useCase.key}
            value={useCase.key}
            className="flex h-11 items-center justify-center gap-2 rounded-xl px-3 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
          >
            <useCase.icon className="size-4 shrink-0" style={{ color: useCase.accent }} aria-hidden />
            <span>{useCase.tabLabel}</span>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {USE_CASES.map((useCase) => (
        <Tabs.Content key={useCase.key} value={useCase.key} className="mt-8 focus-visible:outline-none">
          <UseCasePanel useCase={useCase} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
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
