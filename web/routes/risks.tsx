import { Tabs } from "radix-ui";
import { Suspense } from "react";
import { loadFailed, messages } from "#core/messages.ts";
import type { RiskOverview } from "#core/schemas/risk-responses.ts";
import { ErrorPanel } from "#web/components/error-panel.tsx";
import { PageIntro } from "#web/components/page-intro.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useRiskOverview } from "#web/features/risks/risks.queries.ts";
import { StructureTab } from "#web/features/risks/structure-tab.tsx";
import { CompanyPicker } from "#web/features/teams/company-picker.tsx";
import { useCompanyChoice } from "#web/features/teams/use-company-choice.ts";
import { ApiError } from "#web/lib/api.ts";
import { lazyNamed } from "#web/lib/lazy-named.ts";

export function meta() {
  return [{ title: "Riscos psicossociais | Sereno" }];
}

type TabProps = { data: RiskOverview; companyId: string | null };

/** In a tab's place when its module cannot load (offline, or a new version replaced it): reloading fetches it again. */
function TabUnavailable(_props: TabProps) {
  return <ErrorPanel message={`${loadFailed("esta etapa")}.`} onRetry={() => window.location.reload()} />;
}

/**
 * The first tab comes with the page; each other tab's module loads when it is
 * opened (Radix renders only the open tab), so a first load of /risks carries
 * one step of the PGR, not seven (issue 37, scripts/js-budget.mjs).
 */
const CriteriaTab = lazyNamed(
  () => import("#web/features/risks/criteria-tab.tsx").then((module) => module.CriteriaTab),
  TabUnavailable,
);
const CampaignsTab = lazyNamed(
  () => import("#web/features/risks/campaigns-tab.tsx").then((module) => module.CampaignsTab),
  TabUnavailable,
);
const ResultsTab = lazyNamed(
  () => import("#web/features/risks/results-tab.tsx").then((module) => module.ResultsTab),
  TabUnavailable,
);
const InventoryTab = lazyNamed(
  () => import("#web/features/risks/inventory-tab.tsx").then((module) => module.InventoryTab),
  TabUnavailable,
);
const PlanTab = lazyNamed(
  () => import("#web/features/risks/plan-tab.tsx").then((module) => module.PlanTab),
  TabUnavailable,
);
const ParticipationTab = lazyNamed(
  () => import("#web/features/risks/participation-tab.tsx").then((module) => module.ParticipationTab),
  TabUnavailable,
);

/** While a tab's module loads: the page's own loading state, as tall as a short tab. */
const tabLoading = (
  <div role="status" aria-label="Carregando...">
    <Skeleton className="h-64 w-full" />
  </div>
);

const tabs = [
  { value: "estrutura", label: "Estrutura", Panel: StructureTab },
  { value: "criterios", label: "Critérios", Panel: CriteriaTab },
  { value: "campanhas", label: "Campanhas", Panel: CampaignsTab },
  { value: "resultados", label: "Resultados e avaliação", Panel: ResultsTab },
  { value: "inventario", label: "Inventário", Panel: InventoryTab },
  { value: "plano", label: "Plano de ação", Panel: PlanTab },
  { value: "participacao", label: "Participação", Panel: ParticipationTab },
] as const;

/** NR-1 psychosocial risk management (docs/decisions/026): one tab per step of the PGR. */
export default function RisksPage() {
  const choice = useCompanyChoice();
  const overview = useRiskOverview(choice.companyId, choice.ready);
  const noCompany = overview.error instanceof ApiError && overview.error.code === "NO_COMPANY";
  return (
    <div className="space-y-6">
      <PageIntro>
        Gerencie os riscos psicossociais do PGR (NR-1): estrutura, critérios, pesquisa anônima, inventário e plano de
        ação.
      </PageIntro>
      <CompanyPicker choice={choice} />
      {noCompany ? (
        <Alert tone="warning">{messages.noCompany}</Alert>
      ) : choice.ready ? (
        <QueryPanel
          query={overview}
          errorMessage="Não foi possível carregar os riscos psicossociais."
          loading={<Skeleton className="h-64 w-full" />}
        >
          {(data) => (
            <Tabs.Root defaultValue="estrutura" className="space-y-4">
              <Tabs.List
                aria-label="Etapas do gerenciamento de riscos"
                className="flex gap-1 overflow-x-auto border-b border-border"
              >
                {tabs.map((tab) => (
                  <Tabs.Trigger
                    key={tab.value}
                    value={tab.value}
                    className="min-h-11 shrink-0 whitespace-nowrap border-b-2 border-transparent px-3 text-sm font-medium text-muted hover:text-fg data-[state=active]:border-primary data-[state=active]:text-fg focus-visible:outline-2 focus-visible:outline-primary"
                  >
                    {tab.label}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              {tabs.map(({ value, Panel }) => (
                <Tabs.Content key={value} value={value} className="focus-visible:outline-none">
                  <Suspense fallback={tabLoading}>
                    <Panel data={data} companyId={choice.companyId} />
                  </Suspense>
                </Tabs.Content>
              ))}
            </Tabs.Root>
          )}
        </QueryPanel>
      ) : null}
    </div>
  );
}
