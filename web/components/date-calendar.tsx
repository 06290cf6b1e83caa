import { ChevronLeft, ChevronRight } from "lucide-react";
import { Popover } from "radix-ui";
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from "react";
import { addMonths } from "#core/date-input.ts";
import { addDays, type IsoDay } from "#core/dates.ts";
import { formatMonthPtBR, formatSpokenDate } from "#core/format.ts";
import { cn } from "#web/lib/cn.ts";
import { todayInBrowser } from "#web/lib/date-text.ts";

type DateCalendarProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the calendar opens under (the field), and where focus goes back to when it closes (its button). */
  anchor: RefObject<HTMLDivElement | null>;
  opener: RefObject<HTMLButtonElement | null>;
  selected: IsoDay | null;
  min?: IsoDay;
  max?: IsoDay;
  onPick: (day: IsoDay) => void;
};

/**
 * The date field's calendar (date-field.tsx), loaded when it first opens. The week starts on
 * Sunday, as Brazilian wall calendars and the check-ins' calendar do (docs/decisions/053).
 */
export function DateCalendar({ open, onOpenChange, anchor, opener, selected, min, max, onPick }: DateCalendarProps) {
  // A click elsewhere closes the calendar and leaves focus where the person put it.
  const wentOutside = useRef(false);
  const content = useRef<HTMLDivElement>(null);
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          ref={content}
          aria-label="Calendário"
          align="end"
          sideOffset={6}
          collisionPadding={8}
          // Focus goes to the chosen day (or today) here, once Radix has paused the focus trap of a
          // dialog the field sits in: from the grid's own mount, the dialog would take it back.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            content.current
              ?.querySelector<HTMLButtonElement>('button[data-day][tabindex="0"]')
              ?.focus({ preventScroll: true });
          }}
          onInteractOutside={(event) => {
            // The field's own button toggles the calendar: its click closes it, not this.
            if (opener.current?.contains(event.target as Node)) event.preventDefault();
            else wentOutside.current = true;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!wentOutside.current) opener.current?.focus();
            wentOutside.current = false;
          }}
          className="z-50 rounded-xl border border-border bg-surface p-3 text-fg shadow-raised"
        >
          <MonthGrid selected={selected} min={min} max={max} onPick={onPick} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

const weekdays = [
  ["D", "domingo"],
  ["S", "segunda-feira"],
  ["T", "terça-feira"],
  ["Q", "quarta-feira"],
  ["Q", "quinta-feira"],
  ["S", "sexta-feira"],
  ["S", "sábado"],
] as const;

const weekdayOf = (day: IsoDay) => new Date(`${day}T12:00:00Z`).getUTCDay();

function within(day: IsoDay, min?: IsoDay, max?: IsoDay): IsoDay {
  if (min && day < min) return min;
  if (max && day > max) return max;
  return day;
}

/** Keys that move the focused day (the APG date picker's): days, weeks, week ends, months, years. */
function dayAfterKey(event: KeyboardEvent, day: IsoDay): IsoDay | null {
  const months = event.shiftKey ? 12 : 1;
  switch (event.key) {
    case "ArrowLeft":
      return addDays(day, -1);
    case "ArrowRight":
      return addDays(day, 1);
    case "ArrowUp":
      return addDays(day, -7);
    case "ArrowDown":
      return addDays(day, 7);
    case "Home":
      return addDays(day, -weekdayOf(day));
    case "End":
      return addDays(day, 6 - weekdayOf(day));
    case "PageUp":
      return addMonths(day, -months);
    case "PageDown":
      return addMonths(day, months);
    default:
      return null;
  }
}

/** One month as a grid of day buttons; the focused day is the one Tab reaches, arrows move it. */
function MonthGrid({ selected, min, max, onPick }: Pick<DateCalendarProps, "selected" | "min" | "max" | "onPick">) {
  const today = todayInBrowser();
  const [focused, setFocused] = useState(() => within(selected ?? today, min, max));
  // Focus follows the focused day after a key, not after the month buttons (on opening: onOpenAutoFocus).
  const shouldFocusDay = useRef(false);
  const grid = useRef<HTMLTableElement>(null);
  useEffect(() => {
    if (!shouldFocusDay.current) return;
    shouldFocusDay.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus({ preventScroll: true });
  }, [focused]);

  const month = focused.slice(0, 7);
  const first = `${month}-01`;
  const last = addDays(addMonths(first, 1), -1);
  const leading = weekdayOf(first);
  const cells: Array<IsoDay | null> = [
    ...Array.from({ length: leading }, () => null),
    ...Array.from({ length: Number(last.slice(8)) }, (_, index) => addDays(first, index)),
  ];
  const weeks = Array.from({ length: Math.ceil(cells.length / 7) }, (_, index) =>
    cells.slice(index * 7, index * 7 + 7),
  );
  const titleId = `calendar-${month}`;

  function showMonth(delta: number) {
    setFocused(within(addMonths(focused, delta), min, max));
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const next = dayAfterKey(event, focused);
    if (!next) return;
    event.preventDefault();
    shouldFocusDay.current = true;
    setFocused(within(next, min, max));
  }

  const navButton =
    "flex size-10 cursor-pointer items-center justify-center rounded-md text-fg hover:bg-surface-2 " +
    "focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-default disabled:opacity-40";
  return (
    <div className="w-[18.5rem] space-y-2">
      <div className="flex items-center justify-between">
        <button
          type="button"
          className={navButton}
          aria-label="Mês anterior"
          disabled={Boolean(min && addDays(first, -1) < min)}
          onClick={() => showMonth(-1)}
        >
          <ChevronLeft aria-hidden className="size-5" />
        </button>
        <p id={titleId} className="font-medium" aria-live="polite">
          {formatMonthPtBR(month)}
        </p>
        <button
          type="button"
          className={navButton}
          aria-label="Próximo mês"
          disabled={Boolean(max && addDays(last, 1) > max)}
          onClick={() => showMonth(1)}
        >
          <ChevronRight aria-hidden className="size-5" />
        </button>
      </div>
      <table ref={grid} aria-labelledby={titleId} onKeyDown={onKeyDown} className="w-full border-collapse">
        <thead>
          <tr>
            {weekdays.map(([initial, name]) => (
              <th key={name} scope="col" abbr={name} className="pb-1 text-xs font-medium text-muted">
                <span aria-hidden>{initial}</span>
                <span className="sr-only">{name}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, index) =>
                day ? (
                  <td key={day} className="p-0.5 text-center">
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === focused ? 0 : -1}
                      disabled={Boolean((min && day < min) || (max && day > max))}
                      aria-label={day === today ? `${formatSpokenDate(day)}, hoje` : formatSpokenDate(day)}
                      aria-current={day === today ? "date" : undefined}
                      aria-pressed={day === selected}
                      onClick={() => onPick(day)}
                      onFocus={() => setFocused(day)}
                      className={cn(
                        "size-10 cursor-pointer rounded-full text-sm tabular-nums",
                        "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring",
                        "disabled:cursor-default disabled:text-muted/50 disabled:line-through",
                        day === selected
                          ? "bg-primary font-semibold text-primary-fg hover:bg-primary-hover"
                          : "hover:bg-surface-2",
                        day === today &&
                          day !== selected &&
                          "font-semibold text-primary ring-1 ring-primary ring-inset",
                      )}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the blank cells before the 1st have nothing else to be known by
                  <td key={`blank-${index}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
