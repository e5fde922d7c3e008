import { Check } from "lucide-react";
import { cn } from "../lib/cn";

type Props = {
  colors: readonly string[];
  value: string;
  onChange(color: string): void;
  /** Names the group for screen readers, e.g. "Collection Color". */
  labelledBy: string;
};

/**
 * A row of colour choices as one radio group: each swatch is announced with its hex value and
 * whether it is chosen, and the chosen one carries a tick so the choice does not rest on colour alone.
 */
export function ColorSwatches({ colors, value, onChange, labelledBy }: Props) {
  const chosen = value.toLowerCase();
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="flex flex-wrap gap-2.5">
      {colors.map((color) => {
        const selected = color.toLowerCase() === chosen;
        return (
          <button
            key={color}
            type="button"
            role="radio"
            aria-checked={selected}
            aria-label={color}
            onClick={() => onChange(color)}
            className={cn(
              "flex size-10 items-center justify-center rounded-full shadow-sm transition-transform hover:scale-105",
              "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2",
              selected && "ring-2 ring-slate-900 ring-offset-2",
            )}
            style={{ backgroundColor: color }}
          >
            {selected ? <Check className="size-5 text-white drop-shadow" aria-hidden /> : null}
          </button>
        );
      })}
    </div>
  );
}
