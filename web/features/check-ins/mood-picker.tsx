import { RadioGroup } from "radix-ui";
import { MOODS, type Mood, moodLabels } from "#core/mood.ts";
import { moodVisuals } from "#web/components/mood-visuals.ts";
import { cn } from "#web/lib/cn.ts";

/** The five moods as a radio group: icon and label on every option, arrow keys move between them. */
export function MoodPicker({ value, onChange }: { value: Mood | null; onChange: (mood: Mood) => void }) {
  return (
    <RadioGroup.Root
      aria-label="Como você está se sentindo hoje?"
      value={value ? String(value) : ""}
      onValueChange={(next) => onChange(Number(next) as Mood)}
      className="grid grid-cols-5 gap-2"
    >
      {MOODS.map((mood) => {
        const { icon: Icon, text, border } = moodVisuals[mood];
        const selected = value === mood;
        return (
          <RadioGroup.Item
            key={mood}
            value={String(mood)}
            aria-label={moodLabels[mood]}
            className={cn(
              "flex min-h-24 cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 bg-surface p-2 transition-colors",
              "hover:bg-surface-2",
              selected ? cn(border, "bg-surface-2 shadow-soft") : "border-border",
            )}
          >
            <Icon aria-hidden className={cn("size-8", text)} strokeWidth={selected ? 2.25 : 1.75} />
            <span
              className={cn(
                "text-center text-xs font-medium leading-tight sm:text-sm",
                selected ? "text-fg" : "text-muted",
              )}
            >
              {moodLabels[mood]}
            </span>
          </RadioGroup.Item>
        );
      })}
    </RadioGroup.Root>
  );
}
