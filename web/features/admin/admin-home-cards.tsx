import { ArrowRight, Building2, CircleAlert, CircleCheck, Cog, MailOpen, ScrollText, Stethoscope } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { auditActionLabels } from "#core/audit-labels.ts";
import { countOf, formatDatePtBR, formatDateTimePtBR, formatNumber, relativeTimePtBR } from "#core/format.ts";
import { shownEmail } from "#core/internal-address.ts";
import type { AdminHome } from "#core/schemas/admin-home.ts";
import { Card, CardTitle } from "#web/components/ui/card.tsx";
import { cn } from "#web/lib/cn.ts";

function HomeCard({
  title,
  icon: Icon,
  link,
  className,
  children,
}: {
  title: string;
  icon: typeof Building2;
  link: { to: string; label: string };
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card className={cn("flex flex-col gap-3", className)}>
      <section aria-labelledby={id} className="flex flex-1 flex-col gap-3">
        <div className="flex items-center gap-2">
          <Icon aria-hidden className="size-5 text-primary" strokeWidth={1.75} />
          <CardTitle id={id} className="text-base">
            {title}
          </CardTitle>
        </div>
        <div className="flex-1 text-sm">{children}</div>
        <Link
          to={link.to}
          className="inline-flex min-h-11 items-center gap-1 self-start rounded-md text-sm font-medium text-primary hover:underline"
        >
          {link.label}
          <ArrowRight aria-hidden className="size-4" strokeWidth={1.75} />
        </Link>
      </section>
    </Card>
  );
}

const Figure = ({ value, label }: { value: number; label: string }) => (
  <p>
    <span className="text-3xl font-semibold text-fg">{formatNumber(value)}</span>{" "}
    <span className="text-muted">{label}</span>
  </p>
);

/** The admin's home (docs/decisions/050): one card per part of the platform, each with the way to its screen. */
export function AdminHomeCards({ home }: { home: AdminHome }) {
  const { companies, invitations, jobs, psychologists, recentAccess } = home;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <HomeCard title="Empresas" icon={Building2} link={{ to: "/admin", label: "Ver empresas" }}>
        <Figure value={companies.total} label={companies.total === 1 ? "empresa" : "empresas"} />
        <p className="mt-1 text-muted">
          {companies.newest
            ? `Mais recente: ${companies.newest.name}, desde ${formatDatePtBR(companies.newest.createdAt)}.`
            : "Nenhuma empresa ainda: cadastre a primeira em Empresas."}
        </p>
      </HomeCard>
      <HomeCard title="Convites pendentes" icon={MailOpen} link={{ to: "/admin", label: "Ver convites" }}>
        <Figure value={invitations.pending} label="aguardando aceite" />
        <p className="mt-1 text-muted">
          {invitations.failed > 0
            ? `${countOf(invitations.failed, "e-mail não pôde ser enviado", "e-mails não puderam ser enviados")}.`
            : "Todos os e-mails de convite saíram."}
        </p>
      </HomeCard>
      <HomeCard title="Tarefas automáticas" icon={Cog} link={{ to: "/admin", label: "Ver tarefas" }}>
        {jobs.failing.length === 0 ? (
          <p className="flex items-center gap-2 font-medium text-success">
            <CircleCheck aria-hidden className="size-5" strokeWidth={1.75} />
            Nenhuma falha nos últimos 7 dias
          </p>
        ) : (
          <>
            <p className="flex items-center gap-2 font-medium text-danger">
              <CircleAlert aria-hidden className="size-5" strokeWidth={1.75} />
              {countOf(jobs.failing.length, "tarefa com falhas", "tarefas com falhas")} nos últimos 7 dias
            </p>
            <ul className="mt-2 space-y-1">
              {jobs.failing.map((job) => (
                <li key={job.name}>
                  {job.label}: {countOf(job.failures, "falha", "falhas")}
                </li>
              ))}
            </ul>
          </>
        )}
        <p className="mt-1 text-muted">
          {jobs.lastRunAt
            ? `Última execução ${relativeTimePtBR(new Date(jobs.lastRunAt))} · ${countOf(jobs.total, "tarefa", "tarefas")}.`
            : `Nenhuma execução ainda · ${countOf(jobs.total, "tarefa", "tarefas")}.`}
        </p>
      </HomeCard>
      <HomeCard
        title="Psicólogos(as) a verificar"
        icon={Stethoscope}
        link={{ to: "/admin/psychologists", label: "Ver psicólogos(as)" }}
      >
        <Figure value={psychologists.awaitingVerification} label="aguardando verificação" />
        <p className="mt-1 text-muted">
          {psychologists.awaitingVerification > 0
            ? "Confira o CRP e o e-Psi antes de liberar os atendimentos."
            : "Ninguém esperando: tudo em dia."}
        </p>
      </HomeCard>
      <HomeCard
        title="Registro de acessos"
        icon={ScrollText}
        link={{ to: "/admin/auditoria", label: "Ver registro completo" }}
        className="sm:col-span-2 xl:col-span-4"
      >
        {recentAccess.length === 0 ? (
          <p className="text-muted">Nada registrado ainda.</p>
        ) : (
          <ol className="divide-y divide-border">
            {recentAccess.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:gap-3">
                <time dateTime={entry.at} className="shrink-0 tabular-nums text-muted">
                  {formatDateTimePtBR(entry.at)}
                </time>
                <span className="font-medium">
                  {auditActionLabels[entry.action as keyof typeof auditActionLabels] ?? entry.action}
                </span>
                <span className="min-w-0 break-words text-muted">
                  {shownEmail(entry.actorEmail, entry.actorMatricula)}
                  {entry.companyName ? ` · ${entry.companyName}` : ""}
                </span>
              </li>
            ))}
          </ol>
        )}
      </HomeCard>
    </div>
  );
}
