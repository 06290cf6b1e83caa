import { loadFailed } from "#core/messages.ts";
import { PageIntro } from "#web/components/page-intro.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useAdminHome } from "#web/features/admin/admin-home.queries.ts";
import { AdminHomeCards } from "#web/features/admin/admin-home-cards.tsx";
import { useViewer } from "#web/lib/session.ts";

export function meta() {
  return [{ title: "Visão geral | Sereno" }];
}

/** A platform admin's home (issue 36 item 2, docs/decisions/050): where they land after signing in. */
export default function AdminHomePage() {
  const me = useViewer();
  const home = useAdminHome(me.role === "admin");
  return (
    <>
      <PageIntro>
        Como está a plataforma hoje: empresas, convites, tarefas, verificações e os últimos acessos.
      </PageIntro>
      <QueryPanel
        query={home}
        errorMessage={loadFailed("a visão geral")}
        loading={
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {[0, 1, 2, 3].map((n) => (
              <Skeleton key={n} className="h-40" />
            ))}
          </div>
        }
      >
        {(data) => <AdminHomeCards home={data} />}
      </QueryPanel>
    </>
  );
}
