import { LEVELS, type Level } from "#core/mood.ts";
import { cn } from "#web/lib/cn.ts";

/**
 * Energy or stress, 1 to 5, one tap (docs/decisions/023). Optional: nothing is
 * chosen until tapped, and 'Pular' clears a choice. Arrow keys move between options
 * (native radios under the cards, as in mood-picker.tsx).
 */
export function LevelPicker({
  id,
  label,
  labels,
  value,
  onChange,
}: {
  id: string;
  label: string;
  labels: Record<Level, string>;
  value: Level | null;
  onChange: (level: Level | null) => void;
}) {
  return (
    <fieldset className="space-y-2">
      {/* The legend names the group for screen readers; the row below shows it next to 'Pular'. */}
      <legend id={`${id}-legend`} className="sr-only">
        {label} (opcional)
      </legend>
      <div className="flex min-h-9 items-center justify-between gap-2">
        <p aria-hidden className="text-sm font-medium">
          {label} <span className="font-normal text-muted">(opcional)</span>
        </p>
        {value ? (
          <button
            type="button"
            onClick={() => onChange(null)}
            aria-label={`Pular ${label.toLowerCase()}`}
            className="min-h-9 cursor-pointer rounded-md px-2 text-sm text-primary underline-offset-4 hover:underline"
          >
            Pular
          </button>
        ) : null}
      </div>
      <div role="radiogroup" aria-labelledby={`${id}-legend`} className="grid grid-cols-5 gap-1.5">
        {LEVELS.map((level) => {
          const selected = value === level;
          return (
            <label
              key={level}
              className={cn(
                "relative flex min-h-14 cursor-pointer flex-col items-center justify-center gap-0.5 rounded-md border-2 bg-surface px-1 py-1.5 transition-colors hover:bg-surface-2",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                selected ? "border-primary bg-primary-soft" : "border-border",
              )}
            >
              <input
                type="radio"
                name={id}
                value={level}
                checked={selected}
                onChange={() => onChange(level)}
                aria-label={`${label}: ${labels[level]}`}
                className="absolute inset-0 size-full cursor-pointer appearance-none rounded-md opacity-0"
              />
              <span className={cn("text-base font-semibold", selected ? "text-primary" : "text-fg")}>{level}</span>
              <span
                className={cn("text-center text-[11px] leading-tight sm:text-xs", selected ? "text-fg" : "text-muted")}
              >
                {labels[level]}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
