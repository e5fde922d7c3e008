/**
 * The main screen's first style and layout resolve each font it uses (family, size and weight)
 * for the first time in this renderer: on a slow host that first lookup is a large share of the
 * task that shows the screen. This lays out a hidden line in each of them, each in a
 * task of its own, while the page waits for the screen's code and data, and removes it in the same
 * task; the fonts stay resolved for the process, so the screen's own layout finds them ready.
 */
const SAMPLES = [
  "text-xs",
  "text-xs font-medium",
  "text-sm",
  "text-sm font-medium",
  "text-sm font-semibold",
  "text-base",
  "text-base font-semibold",
  "text-lg font-semibold",
];

/** Lays out one hidden line per sample, each in a task of its own (a first lookup can take milliseconds). */
export function warmFonts(doc: Document = document, samples: readonly string[] = SAMPLES): void {
  const [className, ...rest] = samples;
  if (className === undefined) return;
  const line = doc.createElement("span");
  line.className = className;
  // Hidden (from assistive technology too) and out of the page's flow: nothing moves or shows.
  line.style.cssText = "position:fixed;left:-9999px;visibility:hidden";
  line.textContent = "Aa0 Today 12:45";
  doc.body.append(line);
  line.getBoundingClientRect();
  line.remove();
  if (rest.length > 0) setTimeout(() => warmFonts(doc, rest), 0);
}
