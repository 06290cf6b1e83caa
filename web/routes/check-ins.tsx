import { ShieldCheck } from "lucide-react";
import { CheckInForm } from "#web/features/check-ins/check-in-form.tsx";
import { MoodCalendar } from "#web/features/check-ins/mood-calendar.tsx";
import { usePublicConfig } from "#web/lib/public-config.ts";
import { useViewer } from "#web/lib/session.ts";

export function meta() {
  return [{ title: "Check-ins diários | Sereno" }];
}

export default function CheckInsPage() {
  const me = useViewer();
  const minGroup = usePublicConfig().data?.minGroup ?? 5;
  return (
    <div className="space-y-6">
      <div className="flex gap-3 rounded-lg border border-primary/20 bg-primary-soft p-4 text-sm">
        <ShieldCheck aria-hidden className="size-5 shrink-0 text-primary" />
        <p>
          Suas respostas são privadas. Ninguém da sua empresa vê o que você responde: apenas dados agregados e anônimos,
          de grupos com pelo menos {minGroup} pessoas, chegam ao líder da equipe.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[1.1fr_1fr]">
        <CheckInForm />
        <MoodCalendar timezone={me.timezone} />
      </div>
    </div>
  );
}
