import { ChevronLeft, ChevronRight } from "lucide-react";
import { Suspense, useRef, useState } from "react";
import { localDay } from "#core/dates.ts";
import { formatMonthPtBR, formatSpokenDay } from "#core/format.ts";
import { loadFailed } from "#core/messages.ts";
import { isMood, MISSING_MOOD, type Mood, moodLabels } from "#core/mood.ts";
import { moodVisuals } from "#web/components/mood-visuals.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { cn } from "#web/lib/cn.ts";
import { lazyNamed } from "#web/lib/lazy-named.ts";
import { useCheckInMonth } from "./check-ins.queries.ts";

/** A past day's dialog loads on the first day opened: /check-ins' first load stays within its budget (issue 37 goal 6). */
const CheckInDialog = lazyNamed(
  () => import("./check-in-dialog.tsx").then((module) => module.CheckInDialog),
  () => null,
);

const weekdays = ["Dom", "Seg", "Ter", "Qua", "Qui", "Sex", "Sáb"];

function shiftMonth(month: string, delta: number): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, m - 1 + delta, 1));
  return date.toISOString().slice(0, 7);
}

/** The person's own month of check-ins, coloured by mood (a missing mood shows as Neutro). */
export function MoodCalendar({ timezone }: { timezone: string }) {
  const today = localDay(new Date(), timezone);
  const [month, setMonth] = useState(today.slice(0, 7));
  const query = useCheckInMonth(month);
  const [year, m] = month.split("-").map(Number) as [number, number];
  const firstWeekday = new Date(Date.UTC(year, m - 1, 1)).getUTCDay();
  const daysInMonth = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const isCurrentMonth = month === today.slice(0, 7);
  const [opened, setOpened] = useState<{ id: string; day: string } | null>(null);
  // Mounted from the first opening on, so later ones open and close with the dialog's own focus handling.
  const [hasOpened, setHasOpened] = useState(false);
  // After a check-in is deleted its day is no longer a button: focus lands on the month instead.
  const monthHeading = useRef<HTMLParagraphElement>(null);

  return (
    <Card className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <div>
          <CardTitle>Seu histórico</CardTitle>
          <CardDescription>
            Cada dia com check-in ganha a cor do seu humor. Toque num dia para ver ou editar.
          </CardDescription>
        </div>
      </div>
      <div className="flex items-center justify-between">
        <Button variant="ghost" size="icon" aria-label="Mês anterior" onClick={() => setMonth(shiftMonth(month, -1))}>
          <ChevronLeft className="size-5" />
        </Button>
        <p ref={monthHeading} tabIndex={-1} className="rounded-sm font-medium outline-offset-4" aria-live="polite">
          {formatMonthPtBR(month)}
        </p>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Próximo mês"
          disabled={isCurrentMonth}
          onClick={() => setMonth(shiftMonth(month, 1))}
        >
          <ChevronRight className="size-5" />
        </Button>
      </div>
      <QueryPanel
        query={query}
        errorMessage={loadFailed("o histórico de check-ins")}
        loading={<Skeleton className="h-64 w-full" />}
      >
        {(data) => {
          const moods = new Map(data.days.map((d) => [d.day, isMood(d.mood) ? d.mood : MISSING_MOOD]));
          const ids = new Map(data.days.map((d) => [d.day, d.id]));
          return (
            <>
              <table className="w-full table-fixed border-separate border-spacing-1 text-center text-sm">
                <caption className="sr-only">Check-ins de {formatMonthPtBR(month)}</caption>
                <thead>
                  <tr>
                    {weekdays.map((day) => (
                      <th key={day} scope="col" className="pb-1 text-xs font-medium text-muted">
                        {day}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {chunk(
                    Array.from({ length: firstWeekday + daysInMonth }, (_, i) => i - firstWeekday + 1),
                    7,
                  ).map((week) => (
                    <tr key={`${month}-w${week[0]}`}>
                      {week.map((dayNumber) => {
                        if (dayNumber < 1) return <td key={`pad${dayNumber}`} />;
                        const iso = `${month}-${String(dayNumber).padStart(2, "0")}`;
                        const mood = moods.get(iso) as Mood | undefined;
                        const id = ids.get(iso);
                        return (
                          <td key={iso}>
                            <DayCell
                              dayNumber={dayNumber}
                              iso={iso}
                              mood={mood}
                              isToday={iso === today}
                              onOpen={
                                id
                                  ? () => {
                                      setHasOpened(true);
                                      setOpened({ id, day: iso });
                                    }
                                  : undefined
                              }
                            />
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="text-sm text-muted">
                {data.days.length === 0
                  ? "Nenhum check-in neste mês."
                  : `${data.days.length} ${data.days.length === 1 ? "check-in" : "check-ins"} neste mês.`}
              </p>
              <MoodLegend />
            </>
          );
        }}
      </QueryPanel>
      {hasOpened ? (
        <Suspense fallback={null}>
          <CheckInDialog
            id={opened?.id ?? null}
            day={opened?.day ?? null}
            onClose={() => setOpened(null)}
            fallbackFocus={() => monthHeading.current}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}

function DayCell({
  dayNumber,
  iso,
  mood,
  isToday,
  onOpen,
}: {
  dayNumber: number;
  iso: string;
  mood?: Mood;
  isToday: boolean;
  onOpen?: () => void;
}) {
  const label = `${formatSpokenDay(iso)}: ${mood ? moodLabels[mood] : "sem check-in"}`;
  if (!mood) {
    return (
      <div
        title={label}
        className={cn(
          "mx-auto flex aspect-square max-w-11 items-center justify-center rounded-md text-muted",
          isToday && "ring-2 ring-primary",
        )}
      >
        <span aria-hidden>{dayNumber}</span>
        <span className="sr-only">{label}</span>
      </div>
    );
  }
  const { icon: Icon, bg } = moodVisuals[mood];
  // A day with a check-in is a button: it opens the mood and the note, for their owner only.
  return (
    <button
      type="button"
      title={label}
      data-mood={mood}
      onClick={onOpen}
      aria-haspopup="dialog"
      className={cn(
        "mx-auto flex aspect-square w-full max-w-11 cursor-pointer flex-col items-center justify-center rounded-md text-on-mood",
        "hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        bg,
        isToday && "ring-2 ring-primary ring-offset-2 ring-offset-surface",
      )}
    >
      <span aria-hidden className="text-[0.6875rem] font-semibold leading-none">
        {dayNumber}
      </span>
      <span className="sr-only">{label}</span>
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" strokeWidth={2} />
    </button>
  );
}

function MoodLegend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-label="Legenda">
      {([1, 2, 3, 4, 5] as const).map((mood) => {
        const { icon: Icon, text } = moodVisuals[mood];
        return (
          <li key={mood} className="inline-flex items-center gap-1">
            <Icon aria-hidden className={cn("size-5", text)} /> {moodLabels[mood]}
          </li>
        );
      })}
    </ul>
  );
}

function chunk<T>(items: T[], size: number): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size));
  return rows;
}
