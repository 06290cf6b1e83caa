import { useSearchParams } from "react-router";
import { loadFailed, messages } from "#core/messages.ts";
import { PageIntro } from "#web/components/page-intro.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#web/components/ui/tabs.tsx";
import { ManagedRewards } from "#web/features/rewards/managed-rewards.tsx";
import { MyRedemptions } from "#web/features/rewards/my-redemptions.tsx";
import { PointsSummary } from "#web/features/rewards/points-summary.tsx";
import { RedemptionRequests } from "#web/features/rewards/redemption-requests.tsx";
import { RewardCatalogue } from "#web/features/rewards/reward-catalogue.tsx";
import {
  type CatalogueSide,
  useCatalogue,
  useManagedRewards,
  useRedemptionRequests,
} from "#web/features/rewards/rewards.queries.ts";
import { ApiError } from "#web/lib/api.ts";
import { useViewer } from "#web/lib/session.ts";

export function meta() {
  return [{ title: "Recompensas | Sereno" }];
}

const listLoading = <Skeleton className="h-48 w-full" />;

/** /rewards (docs/decisions/028): members redeem; a manager also fulfils requests and keeps the company's rewards; an admin keeps the platform's. */
export default function RewardsPage() {
  const viewer = useViewer();
  // The admin keeps the platform catalogue only; its list says what it is.
  if (viewer.role === "admin") return <CatalogueAdmin side="admin" />;
  if (viewer.role === "manager") return <ManagerRewards />;
  return (
    <div className="space-y-6">
      <PageIntro>Troque os pontos que você ganha com check-ins e exercícios por recompensas.</PageIntro>
      <MemberRewards />
    </div>
  );
}

function MemberRewards() {
  const catalogue = useCatalogue();
  return (
    <QueryPanel
      query={catalogue}
      errorMessage={loadFailed("as recompensas")}
      loading={
        <div className="space-y-4">
          <Skeleton className="h-24 w-full" />
          {listLoading}
        </div>
      }
    >
      {(data) => (
        <div className="space-y-8">
          <PointsSummary />
          {data.canRedeem ? null : <Alert tone="warning">{messages.noCompany}</Alert>}
          <section aria-labelledby="catalogue-title" className="space-y-4">
            <h2 id="catalogue-title" className="text-lg font-semibold">
              Catálogo
            </h2>
            <RewardCatalogue catalogue={data} />
          </section>
          <section aria-labelledby="mine-title" className="space-y-4">
            <h2 id="mine-title" className="text-lg font-semibold">
              Meus resgates
            </h2>
            <MyRedemptions redemptions={data.redemptions} />
          </section>
        </div>
      )}
    </QueryPanel>
  );
}

const managerTabs = ["resgatar", "pedidos", "catalogo"] as const;
type ManagerTab = (typeof managerTabs)[number];

function ManagerRewards() {
  const [search, setSearch] = useSearchParams();
  const asked = search.get("aba");
  const tab: ManagerTab = managerTabs.includes(asked as ManagerTab) ? (asked as ManagerTab) : "resgatar";
  const requests = useRedemptionRequests();
  const pending = requests.data?.filter((r) => r.status === "pending").length ?? 0;
  return (
    <div className="space-y-2">
      <PageIntro>Resgate suas recompensas, entregue os pedidos da equipe e cuide do catálogo da empresa.</PageIntro>
      <Tabs value={tab} onValueChange={(value) => setSearch({ aba: value }, { replace: true })}>
        <TabsList aria-label="Seções de recompensas">
          <TabsTrigger value="resgatar">Resgatar</TabsTrigger>
          <TabsTrigger value="pedidos">
            Pedidos
            {pending ? (
              <Badge tone="accent" aria-label={`${pending} pendentes`}>
                {pending}
              </Badge>
            ) : null}
          </TabsTrigger>
          <TabsTrigger value="catalogo">Gerenciar catálogo</TabsTrigger>
        </TabsList>
        <TabsContent value="resgatar">
          <MemberRewards />
        </TabsContent>
        <TabsContent value="pedidos">
          {isNoCompany(requests.error) ? (
            <Alert tone="warning">{messages.noCompany}</Alert>
          ) : (
            <QueryPanel query={requests} errorMessage={loadFailed("os pedidos de resgate")} loading={listLoading}>
              {(data) => <RedemptionRequests requests={data} />}
            </QueryPanel>
          )}
        </TabsContent>
        <TabsContent value="catalogo">
          <CatalogueAdmin side="company" />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** A manager detached from their company (docs/decisions/008) gets the no-company notice, not a load error. */
function isNoCompany(error: unknown): boolean {
  return error instanceof ApiError && error.code === "NO_COMPANY";
}

function CatalogueAdmin({ side }: { side: CatalogueSide }) {
  const rewards = useManagedRewards(side);
  if (isNoCompany(rewards.error)) return <Alert tone="warning">{messages.noCompany}</Alert>;
  return (
    <QueryPanel query={rewards} errorMessage={loadFailed("as recompensas")} loading={listLoading}>
      {(data) => <ManagedRewards side={side} rewards={data} />}
    </QueryPanel>
  );
}
