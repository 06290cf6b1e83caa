import { Building2, QrCode } from "lucide-react";
import { Suspense } from "react";
import { Link } from "react-router";
import { formatCnpj } from "#core/cnpj.ts";
import type { RiskOverview, Sector } from "#core/schemas/risk-responses.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { lazyNamed } from "#web/lib/lazy-named.ts";

// The forms and edit dialogs load after the tab's first frame, with zod and react-hook-form (docs/decisions/042).
const NewEstablishment = lazyNamed(
  () => import("./structure-forms.tsx").then((module) => module.NewEstablishment),
  () => null,
);
const NewSector = lazyNamed(
  () => import("./structure-forms.tsx").then((module) => module.NewSector),
  () => null,
);
const EditEstablishment = lazyNamed(
  () => import("./structure-edit.tsx").then((module) => module.EditEstablishment),
  () => null,
);
const EditSector = lazyNamed(
  () => import("./structure-edit.tsx").then((module) => module.EditSector),
  () => null,
);

function SectorTree({
  sectors,
  parentId,
  depth,
  companyId,
}: {
  sectors: Sector[];
  parentId: string | null;
  depth: number;
  companyId: string | null;
}) {
  const children = sectors.filter((sector) => sector.parentId === parentId);
  if (children.length === 0) return null;
  return (
    <ul className={depth ? "ml-4 border-l border-border pl-3" : ""}>
      {children.map((sector) => (
        <li key={sector.id} className="py-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{sector.name}</span>
            <Badge tone={sector.kind === "ghe" ? "accent" : "neutral"}>{sector.kind === "ghe" ? "GHE" : "Setor"}</Badge>
            <span className="text-sm text-muted">{sector.headcount} trabalhadores</span>
            <Suspense fallback={<Skeleton className="h-8 w-20" />}>
              <EditSector sector={sector} sectors={sectors} companyId={companyId} />
            </Suspense>
          </div>
          {sector.activities ? <p className="text-sm text-muted">{sector.activities}</p> : null}
          <SectorTree sectors={sectors} parentId={sector.id} depth={depth + 1} companyId={companyId} />
        </li>
      ))}
    </ul>
  );
}

/** The printable poster of /ativar with the establishment's name (docs/decisions/045); an admin's company kept. */
function posterUrl(establishmentId: string, companyId: string | null): string {
  const params = new URLSearchParams({ estabelecimento: establishmentId });
  if (companyId) params.set("empresa", companyId);
  return `/team/cartaz?${params}`;
}

export function StructureTab({ data, companyId }: { data: RiskOverview; companyId: string | null }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="space-y-4">
        {data.establishments.length === 0 ? (
          <EmptyState icon={Building2} title="Nenhum estabelecimento ainda">
            Comece cadastrando o estabelecimento (nome e CNPJ) e depois os setores ou GHE.
          </EmptyState>
        ) : (
          data.establishments.map((establishment) => (
            <Card key={establishment.id}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <CardTitle>{establishment.name}</CardTitle>
                  <CardDescription>CNPJ {formatCnpj(establishment.cnpj)}</CardDescription>
                </div>
                <Suspense fallback={<Skeleton className="h-8 w-20" />}>
                  <EditEstablishment establishment={establishment} companyId={companyId} />
                </Suspense>
              </div>
              <Link
                className="mt-2 inline-flex min-h-11 items-center gap-2 text-sm text-primary underline underline-offset-4"
                to={posterUrl(establishment.id, companyId)}
              >
                <QrCode aria-hidden className="size-4" strokeWidth={1.75} />
                Cartaz de ativação deste estabelecimento
              </Link>
              <div className="mt-3">
                {data.sectors.some((s) => s.establishmentId === establishment.id) ? (
                  <SectorTree
                    sectors={data.sectors.filter((s) => s.establishmentId === establishment.id)}
                    parentId={null}
                    depth={0}
                    companyId={companyId}
                  />
                ) : (
                  <p className="text-sm text-muted">Nenhum setor cadastrado.</p>
                )}
              </div>
            </Card>
          ))
        )}
        <p className="text-sm text-muted">
          Para dizer quem trabalha em cada setor, use{" "}
          <Link className="text-primary underline" to="/team">
            Equipe
          </Link>
          : a pesquisa é enviada a quem está nos setores escolhidos.
        </p>
      </div>
      <Suspense fallback={<Skeleton className="h-96 w-full" />}>
        <div className="space-y-4">
          <NewEstablishment companyId={companyId} />
          {data.establishments.length ? <NewSector data={data} companyId={companyId} /> : null}
        </div>
      </Suspense>
    </div>
  );
}
