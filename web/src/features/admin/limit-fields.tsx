import type { ReactNode } from "react";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { LIMIT_FIELDS, type LimitKey, type LimitTexts } from "./limits-form";

type Props = {
  /** Tells the three fields of one form from another's on the same screen. */
  idPrefix: string;
  texts: LimitTexts;
  errors: Partial<Record<LimitKey, string>>;
  onChange(key: LimitKey, text: string): void;
  placeholder(key: LimitKey): string;
  /** Under a field: where its value comes from, or that the environment fixes it. */
  hint?(key: LimitKey): ReactNode;
  disabled?(key: LimitKey): boolean;
  /** The grid: three columns from a tablet's width by default. */
  className?: string;
};

/** The three daily limits as text fields (empty: none of its own), each with its error under it. */
export function LimitFields({ idPrefix, texts, errors, onChange, placeholder, hint, disabled, className = "grid gap-4 sm:grid-cols-3" }: Props) {
  return (
    <div className={className}>
      {LIMIT_FIELDS.map(({ key, label }) => {
        const id = `${idPrefix}-${key}`;
        const error = errors[key];
        return (
          <div key={key} className="min-w-0 space-y-1.5">
            <Label htmlFor={id}>{label}</Label>
            <Input
              id={id}
              inputMode="numeric"
              autoComplete="off"
              value={texts[key]}
              placeholder={placeholder(key)}
              disabled={disabled?.(key)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => onChange(key, e.target.value)}
            />
            {error ? (
              <p id={`${id}-error`} className="text-xs text-red-700">
                {error}
              </p>
            ) : null}
            {hint?.(key)}
          </div>
        );
      })}
    </div>
  );
}
