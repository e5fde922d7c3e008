import { useRef, type KeyboardEvent, type ReactNode } from "react";

export type TabListProps<T extends string> = {
  tabs: readonly T[];
  value: T;
  onValueChange(value: T): void;
  /** The tab list's accessible name. */
  label: string;
  className?: string;
  /** Each tab's id and the id of the panel it controls (the caller renders the panels). */
  tabId(tab: T): string;
  panelId(tab: T): string;
  tabClassName(tab: T, selected: boolean): string;
  children(tab: T, selected: boolean): ReactNode;
};

const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/**
 * A row of tabs as the WAI-ARIA tabs pattern has it: one tab in the Tab order (the selected one),
 * Arrow Left and Right (wrapping), Home and End move between them and select as they go. It
 * replaces Radix Tabs on the main screen: Radix's roving focus counts its items in state inside
 * React's commit, and that one synchronous update runs every effect of the screen in the same
 * task (a long task on a slow phone). This one keeps no state of its own.
 */
export function TabList<T extends string>({ tabs, value, onValueChange, label, className, tabId, panelId, tabClassName, children }: TabListProps<T>) {
  const list = useRef<HTMLDivElement>(null);
  const select = (tab: T) => tab !== value && onValueChange(tab);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const step = STEPS[e.key];
    if (!step || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    const next = tabs[step(index, tabs.length)]!;
    list.current?.querySelector<HTMLElement>(`[id="${CSS.escape(tabId(next))}"]`)?.focus();
    select(next);
  };
  return (
    <div ref={list} role="tablist" aria-label={label} aria-orientation="horizontal" className={className}>
      {tabs.map((tab, index) => {
        const selected = tab === value;
        return (
          <button
            key={tab}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-controls={panelId(tab)}
            aria-selected={selected}
            data-state={selected ? "active" : "inactive"}
            tabIndex={selected ? 0 : -1}
            className={tabClassName(tab, selected)}
            onClick={() => select(tab)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {children(tab, selected)}
          </button>
        );
      })}
    </div>
  );
}
