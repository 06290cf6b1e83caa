import { loadFailed } from "#core/messages.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { CompanyView } from "#web/features/settings/company-view.tsx";
import { usePrivacySummary } from "#web/lib/consent.ts";
import { usePublicConfig } from "#web/lib/public-config.ts";

export function meta() {
  return [{ title: "O que sua empresa vê | Sereno" }];
}

/** Linked from the check-in form and Settings: which figures managers see, for the member's own company. */
export default function CompanyViewPage() {
  const summary = usePrivacySummary();
  const config = usePublicConfig();
  const loading = <Skeleton className="h-96 w-full" />;
  return (
    <QueryPanel query={summary} errorMessage={loadFailed("o que sua empresa vê")} loading={loading}>
      {({ companyName, budget }) => (
        <QueryPanel query={config} errorMessage={loadFailed("o que sua empresa vê")} loading={loading}>
          {({ minGroup }) => <CompanyView companyName={companyName} minGroup={minGroup} budget={budget} />}
        </QueryPanel>
      )}
    </QueryPanel>
  );
}
