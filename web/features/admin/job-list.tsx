import { AlertTriangle, Play, Timer } from "lucide-react";
import { formatDateTimePtBR } from "#core/format.ts";
import { loadFailed, messages } from "#core/messages.ts";
import type { AdminJob } from "#core/schemas/admin-jobs.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { ApiError } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { type useAdminJobs, useRunJobNow } from "./admin-jobs.queries.ts";

const when = (iso: string | null, none: string) => (iso ? formatDateTimePtBR(iso) : none);

function JobRow({ job }: { job: AdminJob }) {
  const runNow = useRunJobNow();
  async function onRun() {
    try {
      const result = await runNow.mutateAsync(job.name);
      toast.success(result.message);
    } catch (error) {
      toast.error(error instanceof ApiError && error.status < 500 ? error.message : messages.internalError);
    }
  }
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <h3 className="font-medium text-fg">{job.label}</h3>
        <p className="text-sm text-muted">{job.schedule}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {job.followsPeople ? (
            <>
              <dt className="text-muted">Execuções</dt>
              <dd>Não aparecem aqui: seguem agendamentos de cada pessoa, que são sigilosos.</dd>
            </>
          ) : (
            <>
              <dt className="text-muted">Última execução</dt>
              <dd>{when(job.lastRunAt, "Ainda não rodou")}</dd>
              <dt className="text-muted">Próxima</dt>
              <dd>
                {when(job.nextRunAt, "Nada agendado")}
                {job.pending > 1 ? ` (${job.pending} na fila)` : ""}
              </dd>
            </>
          )}
          <dt className="text-muted">Falhas (7 dias)</dt>
          <dd>
            {job.failures === 0 ? "Nenhuma" : <Badge tone="danger">{job.failures}</Badge>}
            {job.running > 0 ? " · rodando agora" : ""}
          </dd>
        </dl>
        {job.lastError ? (
          <p className="flex items-start gap-2 text-sm text-danger">
            <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
            <span className="break-all">
              Último erro em {when(job.lastError.at, "")}: {job.lastError.message}
            </span>
          </p>
        ) : null}
      </div>
      {job.canRunNow ? (
        <Button
          variant="secondary"
          className="self-start"
          onClick={onRun}
          disabled={runNow.isPending}
          aria-label={`Executar agora: ${job.label}`}
        >
          <Play aria-hidden className="size-4" strokeWidth={1.75} />
          Executar agora
        </Button>
      ) : null}
    </li>
  );
}

/** /admin › Tarefas automáticas: each job's last and next run, failures, and 'Executar agora'. */
export function JobList({ query }: { query: ReturnType<typeof useAdminJobs> }) {
  return (
    <section aria-labelledby="tarefas-titulo" className="space-y-4">
      <div className="flex items-center gap-2">
        <Timer aria-hidden className="size-5 text-primary" strokeWidth={1.75} />
        <h2 id="tarefas-titulo" className="text-lg font-semibold">
          Tarefas automáticas
        </h2>
      </div>
      <QueryPanel
        query={query}
        errorMessage={loadFailed("as tarefas automáticas")}
        loading={<Skeleton className="h-48 w-full" />}
      >
        {(jobs) => (
          <Card className="py-1">
            <ul className="divide-y divide-border">
              {jobs.map((job) => (
                <JobRow key={job.name} job={job} />
              ))}
            </ul>
          </Card>
        )}
      </QueryPanel>
    </section>
  );
}
