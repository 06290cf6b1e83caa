import type { UseFormRegisterReturn } from "react-hook-form";
import { mediaTypeLabels, mediaTypes } from "#core/exercises.ts";
import { cn } from "#web/lib/cn.ts";
import { mediaTypeIcons } from "./media-type-visuals.ts";

/** 'Tipo de mídia' as one radio group (arrow keys move between the four), Link first and by default. */
export function MediaTypePicker({ registration }: { registration: UseFormRegisterReturn<"mediaType"> }) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-fg">Tipo de mídia</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {mediaTypes.map((type) => {
          const Icon = mediaTypeIcons[type];
          return (
            <label
              key={type}
              className={cn(
                "relative flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border border-border bg-surface px-3 text-sm font-medium text-fg",
                "hover:bg-surface-2 has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:checked]:text-primary",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                "has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60",
              )}
            >
              {/* Covers the whole option, invisible: the label draws it, the radio stays clickable and focusable. */}
              <input
                type="radio"
                value={type}
                className="absolute inset-0 size-full cursor-pointer appearance-none rounded-md opacity-0 disabled:cursor-not-allowed"
                {...registration}
              />
              <Icon aria-hidden className="size-4" strokeWidth={1.75} />
              {mediaTypeLabels[type]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
