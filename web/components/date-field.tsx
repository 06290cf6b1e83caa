import { CalendarDays } from "lucide-react";
import { type ReactNode, type Ref, Suspense, useRef, useState } from "react";
import { parseDay } from "#core/date-input.ts";
import type { IsoDay } from "#core/dates.ts";
import { describedBy, Field, Input } from "#web/components/ui/field.tsx";
import { cn } from "#web/lib/cn.ts";
import { dateTextOf, maskDateText, readDateText } from "#web/lib/date-text.ts";
import { lazyNamed } from "#web/lib/lazy-named.ts";
import { useOpenedOnce } from "#web/lib/use-opened-once.ts";

const loadCalendar = () => import("./date-calendar.tsx");

/** Without its module (offline before the service worker kept it) the field still takes a typed day. */
const DateCalendar = lazyNamed(
  () => loadCalendar().then((module) => module.DateCalendar),
  () => null,
);

type DateFieldProps = {
  id: string;
  label: string;
  /** The form's error for this field; replaced by the typed text's own reason when it is not a day. */
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** An ISO day (yyyy-mm-dd), '' for none, or the text as typed while it is not a day. */
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  ref?: Ref<HTMLInputElement>;
  required?: boolean;
  disabled?: boolean;
  min?: IsoDay;
  max?: IsoDay;
};

/**
 * A day typed as people in Brazil write it (dd/mm/aaaa, the slashes put in
 * for them) or picked from a pt-BR calendar, whatever the browser's language
 * (issue 36 item 10, docs/decisions/053). The form gets an ISO day, so its
 * schema and the API are those of a native date input. The calendar (Radix
 * Popover and the month grid) loads on first use, not with the page.
 * Used with react-hook-form through <Controller>: `{...field}` fits its props.
 */
export function DateField({
  id,
  label,
  error,
  hint,
  className,
  value,
  onChange,
  onBlur,
  name,
  ref,
  required,
  disabled,
  min,
  max,
}: DateFieldProps) {
  const [text, setText] = useState(() => dateTextOf(value));
  // A value set from outside (a reset, a pick) shows as its text; one this field sent keeps the text typed.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (readDateText(text, { min, max }).value !== (value ?? "")) setText(dateTextOf(value));
  }
  const [isOpen, setOpen] = useState(false);
  const hasOpened = useOpenedOnce(isOpen);
  const box = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const read = readDateText(text, { min, max });
  const shownError = error && read.problem ? read.problem : error;

  function change(next: string) {
    setText(next);
    onChange(readDateText(next, { min, max }).value);
  }

  return (
    <Field id={id} label={label} error={shownError} hint={hint} className={className}>
      <div ref={box} className="relative">
        <Input
          {...describedBy(id, shownError, Boolean(hint))}
          ref={ref}
          name={name}
          value={text}
          onChange={(event) => change(maskDateText(event.target.value))}
          onBlur={onBlur}
          required={required}
          disabled={disabled}
          inputMode="numeric"
          autoComplete="off"
          placeholder="dd/mm/aaaa"
          maxLength={10}
          className="pr-12 tabular-nums"
        />
        <button
          ref={opener}
          type="button"
          aria-label="Escolher data"
          aria-haspopup="dialog"
          aria-expanded={isOpen}
          disabled={disabled}
          onPointerEnter={() => void loadCalendar()}
          onFocus={() => void loadCalendar()}
          onClick={() => setOpen(!isOpen)}
          className={cn(
            "absolute inset-y-0 right-0 flex w-11 cursor-pointer items-center justify-center rounded-r-md text-muted",
            "hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60",
          )}
        >
          <CalendarDays aria-hidden className="size-5" strokeWidth={1.75} />
        </button>
      </div>
      {hasOpened ? (
        <Suspense fallback={null}>
          <DateCalendar
            open={isOpen}
            onOpenChange={setOpen}
            anchor={box}
            opener={opener}
            selected={parseDay(text)}
            min={min}
            max={max}
            onPick={(day) => {
              change(dateTextOf(day));
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </Field>
  );
}
