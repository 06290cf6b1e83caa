/**
 * /conformidade: the Lei 14.457/2022 file (docs/decisions/090), for a company's managers (an admin
 * picks the company): trainings by level, the rules of conduct, the complaint procedure, the CIPA
 * meetings and the Canal de escuta's counts, and the whole file as a PDF; in its second tab the Lei 14.831
 * dossier (docs/decisions/094), loaded only when opened.
 */
import { Download } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { messages } from "#core/messages.ts";
import { PageIntro } from "#web/components/page-intro.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { buttonClass } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { scopeQuery, useHarassmentFile } from "#web/features/compliance/compliance.queries.ts";
import { ConductCard, ListeningCard, MeetingsCard, ProcedureCard } from "#web/features/compliance/file-sections.tsx";
import { SignedVersions } from "#web/features/compliance/signed-versions.tsx";
import { LevelStatuses, NewTraining, TrainingList } from "#web/features/compliance/trainings-section.tsx";
import { CompanyPicker } from "#web/features/teams/company-picker.tsx";
import { useCompanyChoice } from "#web/features/teams/use-company-choice.ts";
import { ApiError } from "#web/lib/api.ts";
import { cn } from "#web/lib/cn.ts";

// The Lei 14.831 dossier (docs/decisions/094) loads after the page.
const DossierSection = lazy(() =>
  import("#web/features/dossier/dossier-section.tsx").then((module) => ({ default: module.DossierSection })),
);

export function meta() {
  return [{ title: "Prevenção ao assédio (Lei 14.457) | Sereno" }];
}

export default function CompliancePage() {
  const choice = useCompanyChoice();
  const file = useHarassmentFile(choice.companyId, choice.ready);
  const noCompany = file.error instanceof ApiError && file.error.code === "NO_COMPANY";
  const [tab, setTab] = useState<"lei-14457" | "lei-14831">("lei-14457");
  return (
    <div className="space-y-6">
      <PageIntro>
        Os dossiês da empresa em um só lugar: o da Lei 14.457/2022 (regras de conduta, denúncias, CIPA e treinamentos) e
        o da Lei 14.831/2024 (Empresa Promotora da Saúde Mental).
      </PageIntro>
      <CompanyPicker choice={choice} />
      {noCompany ? (
        <Alert tone="warning">{messages.noCompany}</Alert>
      ) : choice.ready ? (
        <>
          {/* Two panels, one mounted at a time; not Radix tabs, so the page keeps off the widgets' chunk. */}
          <div role="tablist" aria-label="Dossiês" className="flex gap-1 overflow-x-auto border-b border-border">
            {(
              [
                ["lei-14457", "Assédio (Lei 14.457)"],
                ["lei-14831", "Saúde mental (Lei 14.831)"],
              ] as const
            ).map(([id, label]) => (
              <button
                key={id}
                type="button"
                role="tab"
                id={`tab-${id}`}
                aria-selected={tab === id}
                aria-controls={`panel-${id}`}
                onClick={() => setTab(id)}
                className={cn(
                  "inline-flex min-h-11 shrink-0 cursor-pointer items-center border-b-2 px-3 text-sm font-medium",
                  "focus-visible:outline-2 focus-visible:outline-ring",
                  tab === id ? "border-primary text-primary" : "border-transparent text-muted hover:text-fg",
                )}
              >
                {label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
            {tab === "lei-14457" ? (
              <HarassmentFileTab companyId={choice.companyId} />
            ) : (
              <div className="space-y-8">
                <Suspense fallback={<Skeleton className="h-64 w-full" />}>
                  <DossierSection companyId={choice.companyId} />
                </Suspense>
                <SignedVersions kind="lei-14831" companyId={choice.companyId} />
              </div>
            )}
          </div>
        </>
      ) : null}
    </div>
  );
}

function HarassmentFileTab({ companyId }: { companyId: string | null }) {
  const file = useHarassmentFile(companyId, true);
  return (
    <QueryPanel
      query={file}
      errorMessage="Não foi possível carregar o dossiê."
      loading={<Skeleton className="h-64 w-full" />}
    >
      {(data) => (
        <div className="space-y-8">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-lg font-semibold">{data.companyName}</h2>
            <a
              className={buttonClass("primary", "sm")}
              href={`/api/compliance/harassment-file.pdf${scopeQuery(companyId)}`}
              download
            >
              <Download aria-hidden className="size-4" /> Baixar o dossiê (PDF)
            </a>
          </div>
          <SignedVersions kind="lei-14457" companyId={companyId} />
          <section aria-labelledby="trainings-heading" className="space-y-3">
            <h2 id="trainings-heading" className="text-lg font-semibold">
              Treinamentos
            </h2>
            <LevelStatuses levels={data.levels} />
            <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
              <TrainingList trainings={data.trainings} companyId={companyId} />
              <NewTraining companyId={companyId} />
            </div>
          </section>
          <section aria-labelledby="rules-heading" className="space-y-3">
            <h2 id="rules-heading" className="text-lg font-semibold">
              Regras, denúncias e CIPA
            </h2>
            <div className="grid gap-4 lg:grid-cols-2">
              <ConductCard conduct={data.conduct} companyId={companyId} />
              <ProcedureCard procedure={data.procedure} />
              <MeetingsCard meetings={data.meetings} />
              <ListeningCard listening={data.listening} />
            </div>
          </section>
        </div>
      )}
    </QueryPanel>
  );
}
