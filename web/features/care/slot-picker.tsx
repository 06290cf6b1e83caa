import { CalendarX } from "lucide-react";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { careDay, careDayKey, careTime, careWhen } from "./care-format.ts";

/** The next free slots, by day, in Brasília time. */
export function SlotPicker({
  slots,
  onPick,
  maxDays = 7,
}: {
  slots: { startsAt: string }[];
  onPick: (startsAt: string) => void;
  maxDays?: number;
}) {
  if (slots.length === 0) {
    return (
      <EmptyState icon={CalendarX} title="Sem horários livres nas próximas semanas">
        Volte mais tarde ou escolha outro(a) profissional.
      </EmptyState>
    );
  }
  const days = new Map<string, string[]>();
  for (const slot of slots) {
    const key = careDayKey(slot.startsAt);
    days.set(key, [...(days.get(key) ?? []), slot.startsAt]);
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {[...days.entries()].slice(0, maxDays).map(([key, starts]) => (
        <section key={key} aria-label={careDay(starts[0] ?? "")} className="space-y-2">
          <h3 className="text-sm font-medium first-letter:uppercase">{careDay(starts[0] ?? "")}</h3>
          <div className="grid grid-cols-3 gap-2">
            {starts.map((startsAt) => (
              <Button
                key={startsAt}
                variant="secondary"
                size="sm"
                aria-label={`Agendar ${careWhen(startsAt)}`}
                onClick={() => onPick(startsAt)}
              >
                {careTime(startsAt)}
              </Button>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
