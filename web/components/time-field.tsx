import type { ComponentProps } from "react";
import { Input } from "#web/components/ui/field.tsx";
import { cn } from "#web/lib/cn.ts";
import { finishedTime, typedTime } from "#web/lib/time-text.ts";

/**
 * A time of day in 24-hour hh:mm, whatever the browser's language (issue 45, minor list): a text field, as
 * DateField is for days (docs/decisions/053), since a native time input shows AM/PM in an English browser.
 * The value stays 'HH:mm', so react-hook-form's register and the schemas are unchanged.
 */
export function TimeField({ className, onChange, onBlur, ...props }: Omit<ComponentProps<"input">, "type">) {
  return (
    <Input
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder="hh:mm"
      maxLength={5}
      className={cn("max-w-28 tabular-nums", className)}
      onChange={(event) => {
        event.target.value = typedTime(event.target.value);
        onChange?.(event);
      }}
      onBlur={(event) => {
        const finished = finishedTime(event.target.value);
        if (finished !== event.target.value) {
          event.target.value = finished;
          onChange?.(event);
        }
        onBlur?.(event);
      }}
    />
  );
}
