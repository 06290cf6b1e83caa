import { Building2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { formatCnpj } from "#core/cnpj.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { Field, Input, Select, Textarea } from "#web/components/ui/field.tsx";
import type { RiskOverview, Sector } from "./risk-types.ts";
import { useRiskWrite } from "./risks.queries.ts";
import { EditEstablishment, EditSector } from "./structure-edit.tsx";

function formValues(event: FormEvent<HTMLFormElement>) {
  return Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
}

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
            <EditSector sector={sector} sectors={sectors} companyId={companyId} />
          </div>
          {sector.activities ? <p className="text-sm text-muted">{sector.activities}</p> : null}
          <SectorTree sectors={sectors} parentId={sector.id} depth={depth + 1} companyId={companyId} />
        </li>
      ))}
    </ul>
  );
}

export function StructureTab({ data, companyId }: { data: RiskOverview; companyId: string | null }) {
  const write = useRiskWrite(companyId);
  const [error, setError] = useState<string>();
  const [sectorError, setSectorError] = useState<string>();

  const addEstablishment = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    write.mutate(
      { path: "/api/risks/establishments", body: formValues(event) },
      {
        onSuccess: (reply) => {
          toast.success(reply.message);
          setError(undefined);
          form.reset();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  const addSector = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(event);
    write.mutate(
      {
        path: "/api/risks/sectors",
        body: { ...values, parentId: values.parentId || null, headcount: Number(values.headcount || 0) },
      },
      {
        onSuccess: (reply) => {
          toast.success(reply.message);
          setSectorError(undefined);
          form.reset();
        },
        onError: (failure) => setSectorError(failure.message),
      },
    );
  };

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
                <EditEstablishment establishment={establishment} companyId={companyId} />
              </div>
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
      <div className="space-y-4">
        <Card>
          <CardTitle className="text-base">Novo estabelecimento</CardTitle>
          <form className="mt-3 space-y-3" onSubmit={addEstablishment}>
            <Field id="est-name" label="Nome">
              <Input id="est-name" name="name" required maxLength={120} />
            </Field>
            <Field id="est-cnpj" label="CNPJ" error={error}>
              <Input id="est-cnpj" name="cnpj" required inputMode="numeric" placeholder="00.000.000/0000-00" />
            </Field>
            <Button type="submit" disabled={write.isPending}>
              Cadastrar estabelecimento
            </Button>
          </form>
        </Card>
        {data.establishments.length ? (
          <Card>
            <CardTitle className="text-base">Novo setor ou GHE</CardTitle>
            <form className="mt-3 space-y-3" onSubmit={addSector}>
              <Field id="sec-est" label="Estabelecimento">
                <Select id="sec-est" name="establishmentId">
                  {data.establishments.map((e) => (
                    <option key={e.id} value={e.id}>
                      {e.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field id="sec-parent" label="Dentro de">
                <Select id="sec-parent" name="parentId" defaultValue="">
                  <option value="">(nível principal)</option>
                  {data.sectors.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field id="sec-name" label="Nome do setor">
                <Input id="sec-name" name="name" required maxLength={120} />
              </Field>
              <Field id="sec-kind" label="Tipo">
                <Select id="sec-kind" name="kind" defaultValue="setor">
                  <option value="setor">Setor</option>
                  <option value="ghe">GHE (grupo de exposição similar)</option>
                </Select>
              </Field>
              <Field id="sec-activities" label="Processos e atividades">
                <Textarea id="sec-activities" name="activities" rows={3} maxLength={4000} />
              </Field>
              <Field id="sec-headcount" label="Número de trabalhadores" error={sectorError}>
                <Input id="sec-headcount" name="headcount" type="number" min={0} defaultValue={0} />
              </Field>
              <Button type="submit" disabled={write.isPending}>
                Cadastrar setor
              </Button>
            </form>
          </Card>
        ) : null}
      </div>
    </div>
  );
}
