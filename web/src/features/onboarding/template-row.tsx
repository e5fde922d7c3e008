import { ONBOARDING_TEMPLATES, TEMPLATE_SCROLL_STEP_PX, type CollectionTemplate } from "@vj/core";
import { Briefcase, ChevronLeft, ChevronRight, FolderOpen, GraduationCap, Lightbulb, Plane, Sprout, type LucideIcon } from "lucide-react";
import { useEffect, useRef, useState, type CSSProperties } from "react";
import { cn } from "../../lib/cn";

const ICONS: Record<string, LucideIcon> = {
  "Work Journal": Briefcase,
  "Creative Ideas": Lightbulb,
  "Personal Growth": Sprout,
  "Learning Log": GraduationCap,
  "Travel Adventures": Plane,
};

/** The five templates in one horizontally scrolling row, with buttons that scroll it 280 px (SPEC §2, §9). */
export function TemplateRow({ selected, onChoose }: { selected: string | null; onChoose(template: CollectionTemplate): void }) {
  const row = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });

  function measure() {
    const el = row.current;
    if (!el) return;
    // One pixel of slack: fractional scroll positions on high-density screens never quite reach the end.
    setEdges({ atStart: el.scrollLeft <= 1, atEnd: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }

  // The chosen card stays in the row's view: when it is chosen half hidden, and when the window
  // narrows (a phone turned upright), the row scrolls just enough to show it whole.
  const bringChosenIntoView = () => {
    const el = row.current;
    const card = el?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!el || !card) return;
    const padding = parseFloat(getComputedStyle(el).paddingLeft) || 0;
    // Where the card sits along the row's scrolled content, and the scroll that shows it whole.
    const at = card.getBoundingClientRect().left - el.getBoundingClientRect().left - el.clientLeft + el.scrollLeft;
    const left = at - padding;
    const right = at + card.offsetWidth + padding - el.clientWidth;
    if (el.scrollLeft > left) el.scrollLeft = left;
    else if (el.scrollLeft < right) el.scrollLeft = Math.min(right, left);
  };

  useEffect(() => {
    const onResize = () => {
      bringChosenIntoView();
      measure();
    };
    onResize();
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);

  useEffect(bringChosenIntoView, [selected]);

  const scroll = (direction: -1 | 1) => row.current?.scrollBy({ left: direction * TEMPLATE_SCROLL_STEP_PX, behavior: "smooth" });
  const arrow =
    "flex size-10 shrink-0 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-700 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500";

  return (
    <div>
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">Start from a template</h2>
        <div className="flex gap-2">
          <button type="button" className={arrow} onClick={() => scroll(-1)} disabled={edges.atStart} aria-label="Scroll templates left">
            <ChevronLeft className="size-5" aria-hidden />
          </button>
          <button type="button" className={arrow} onClick={() => scroll(1)} disabled={edges.atEnd} aria-label="Scroll templates right">
            <ChevronRight className="size-5" aria-hidden />
          </button>
        </div>
      </div>
      <div
        ref={row}
        onScroll={measure}
        data-testid="template-row"
        className="-mx-4 mt-3 flex gap-4 overflow-x-auto scroll-smooth px-4 pb-4 pt-1 [scrollbar-width:none] sm:-mx-1 sm:px-1 [&::-webkit-scrollbar]:hidden"
      >
        {ONBOARDING_TEMPLATES.map((template) => {
          const Icon = ICONS[template.name] ?? FolderOpen;
          const isSelected = selected === template.name;
          return (
            <button
              key={template.name}
              type="button"
              aria-pressed={isSelected}
              onClick={() => onChoose(template)}
              className={cn(
                "flex w-64 shrink-0 flex-col rounded-2xl border bg-white p-5 text-left shadow-sm transition hover:-translate-y-0.5 hover:shadow-md",
                "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
                isSelected ? "border-transparent ring-2" : "border-slate-200",
              )}
              style={isSelected ? ({ "--tw-ring-color": template.color } as CSSProperties) : undefined}
            >
              <span
                className="flex size-11 items-center justify-center rounded-xl text-white shadow-sm"
                style={{ backgroundColor: template.color }}
              >
                <Icon className="size-5" aria-hidden />
              </span>
              <span className="mt-4 font-semibold text-slate-900">{template.name}</span>
              <span className="mt-1.5 text-sm leading-relaxed text-slate-600">{template.description}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
