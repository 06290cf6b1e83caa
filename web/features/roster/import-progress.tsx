import { CheckCircle2, Loader2 } from "lucide-react";
import { Link } from "react-router";
import { formatDateTimePtBR, formatNumber } from "#core/format.ts";
import type { RosterImport } from "#core/schemas/roster.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";

/** Step 5: an applied import running (rows done of total, asked again every second) or finished. */
export function ImportProgress({
  run,
  teamHref,
  onAnother,
}: {
  run: RosterImport;
  teamHref: string;
  onAnother: () => void;
}) {
  const isRunning = run.status === "queued" || run.status === "running";
  const percent = run.rowsTotal > 0 ? (run.rowsDone / run.rowsTotal) * 100 : isRunning ? 0 : 100;
  const result = run.result;

  if (run.status === "failed") {
    return (
      <Card className="space-y-4">
        <Alert tone="error" title="A importação não terminou">
          Algo falhou depois de várias tentativas. O que já foi gravado continua certo; envie o arquivo de novo para
          completar (as linhas já importadas aparecem como sem mudança).
        </Alert>
        <Button onClick={onAnother}>Enviar o arquivo de novo</Button>
      </Card>
    );
  }
  return (
    <Card className="space-y-4" aria-live="polite">
      <div className="flex items-start gap-3">
        {isRunning ? (
          <Loader2 aria-hidden className="mt-1 size-5 shrink-0 animate-spin text-primary" />
        ) : (
          <CheckCircle2 aria-hidden className="mt-1 size-5 shrink-0 text-success" />
        )}
        <div className="space-y-1">
          <CardTitle>{isRunning ? "Aplicando a importação..." : "Importação concluída"}</CardTitle>
          <CardDescription>
            {run.fileName} · {run.mode === "full" ? "Arquivo completo" : "Somente novos e alterações"}
            {run.finishedAt ? ` · ${formatDateTimePtBR(run.finishedAt)}` : ""}
          </CardDescription>
        </div>
      </div>
      <ProgressBar value={percent} label="Progresso da importação" />
      <p className="text-sm tabular-nums" role="status">
        {formatNumber(run.rowsDone)} de {formatNumber(run.rowsTotal)} linhas
      </p>
      {isRunning ? (
        <p className="text-sm text-muted">
          Você pode sair desta página: a importação continua e o progresso fica aqui.
        </p>
      ) : result ? (
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
          {[
            ["Cadastradas", result.created],
            ["Atualizadas", result.updated],
            ["Saíram", result.left],
            ["Convidadas por e-mail", result.invited],
            ["Aguardando ativação", result.awaitingActivation],
            ["Sem mudança", run.counts.unchanged],
          ].map(([label, value]) => (
            <div key={label} className="rounded-md bg-surface-2 p-3">
              <dt className="text-muted">{label}</dt>
              <dd className="text-xl font-semibold tabular-nums">{formatNumber(Number(value))}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {isRunning ? null : (
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to={teamHref} className={buttonClass("primary")}>
            Ver a equipe
          </Link>
          <Button variant="secondary" onClick={onAnother}>
            Importar outro arquivo
          </Button>
        </div>
      )}
    </Card>
  );
}
