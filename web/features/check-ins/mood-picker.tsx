import { MOODS, type Mood, moodLabels } from "#core/mood.ts";
import { moodVisuals } from "#web/components/mood-visuals.ts";
import { cn } from "#web/lib/cn.ts";

/**
 * The five moods as a radio group: icon and label on every option, arrow keys move between them.
 * Native radios under the cards (a Radix group cost /check-ins its JavaScript budget, issue 37 goal 6).
 */
export function MoodPicker({ value, onChange }: { value: Mood | null; onChange: (mood: Mood) => void }) {
  return (
    <div role="radiogroup" aria-label="Como você está se sentindo hoje?" className="grid grid-cols-5 gap-2">
      {MOODS.map((mood) => {
        const { icon: Icon, text, border } = moodVisuals[mood];
        const selected = value === mood;
        return (
          <label
            key={mood}
            className={cn(
              "relative flex min-h-24 cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 bg-surface p-2 transition-colors",
              "hover:bg-surface-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
              selected ? cn(border, "bg-surface-2 shadow-soft") : "border-border",
            )}
          >
            <input
              type="radio"
              name="mood"
              value={mood}
              checked={selected}
              onChange={() => onChange(mood)}
              aria-label={moodLabels[mood]}
              className="absolute inset-0 size-full cursor-pointer appearance-none rounded-lg opacity-0"
            />
            <Icon aria-hidden className={cn("size-8", text)} strokeWidth={selected ? 2.25 : 1.75} />
            <span
              className={cn(
                "text-center text-xs font-medium leading-tight sm:text-sm",
                selected ? "text-fg" : "text-muted",
              )}
            >
              {moodLabels[mood]}
            </span>
          </label>
        );
      })}
    </div>
  );
}
