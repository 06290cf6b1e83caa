import { PauseCircle } from "lucide-react";
import { careCycleLabels } from "#core/care.ts";
import { formatDayPtBR } from "#core/format.ts";
import type { Credits } from "#core/schemas/care.ts";
import { Button } from "#web/components/ui/button.tsx";
import { toast } from "#web/lib/toast.ts";
import { useResume } from "./care.queries.ts";
import { errorText } from "./care-format.ts";
import { CareTerms } from "./care-terms.tsx";

function lastDayOf(cycleEnd: string): string {
  const date = new Date(`${cycleEnd}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

export function CreditsPanel({ credits }: { credits: Credits }) {
  const resume = useResume();
  return (
    <div className="space-y-3">
      <p className="text-sm" aria-live="polite">
        <strong className="text-2xl font-semibold">{credits.available}</strong>{" "}
        {credits.available === 1 ? "sessão disponível" : "sessões disponíveis"} de {credits.granted} neste{" "}
        {careCycleLabels[credits.cycle]}, até {formatDayPtBR(lastDayOf(credits.cycleEnd))}. Sessões não usadas não
        acumulam.
      </p>
      {credits.paused ? (
        <div role="alert" className="space-y-3 rounded-lg border border-danger/40 bg-danger-soft p-4">
          <p className="flex items-center gap-2 font-medium">
            <PauseCircle aria-hidden className="size-5" /> Agendamento pausado depois de três faltas seguidas
          </p>
          <p className="text-sm">Para voltar a agendar, releia as regras e confirme:</p>
          <CareTerms lateCancelConsumes={credits.lateCancelConsumes} />
          <Button
            size="sm"
            disabled={resume.isPending}
            onClick={() =>
              resume.mutate(undefined, {
                onSuccess: () => toast.success("Pronto: você já pode agendar de novo."),
                onError: (error) => toast.error(errorText(error, "Não foi possível retomar agora.")),
              })
            }
          >
            Li as regras e quero voltar a agendar
          </Button>
        </div>
      ) : null}
    </div>
  );
}
