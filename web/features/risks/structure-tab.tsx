import { zodResolver } from "@hookform/resolvers/zod";
import { Building2 } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { formatCnpj } from "#core/cnpj.ts";
import { type EstablishmentInput, establishmentInputSchema, type SectorInput } from "#core/schemas/risks.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { describedBy, Field, FormError, Input, Select, Textarea } from "#web/components/ui/field.tsx";
import { showServerError } from "#web/lib/form-errors.ts";
import { toast } from "#web/lib/toast.ts";
import { blankAsZero, type SectorValues, sectorFormSchema } from "./risk-form-values.ts";
import type { RiskOverview, Sector } from "./risk-types.ts";
import { useRiskWrite } from "./risks.queries.ts";
import { EditEstablishment, EditSector } from "./structure-edit.tsx";

type EstablishmentFields = Omit<EstablishmentInput, "companyId">;

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
        <NewEstablishment companyId={companyId} />
        {data.establishments.length ? <NewSector data={data} companyId={companyId} /> : null}
      </div>
    </div>
  );
}

function NewEstablishment({ companyId }: { companyId: string | null }) {
  const write = useRiskWrite(companyId);
  const form = useForm<EstablishmentFields>({
    resolver: zodResolver(establishmentInputSchema),
    defaultValues: { name: "", cnpj: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      toast.success((await write.mutateAsync({ path: "/api/risks/establishments", body: values })).message);
      form.reset();
    } catch (error) {
      showServerError(form, error, (error as Error).message);
    }
  });

  return (
    <Card>
      <CardTitle className="text-base">Novo estabelecimento</CardTitle>
      <form className="mt-3 space-y-3" onSubmit={onSubmit} noValidate>
        <Field id="est-name" label="Nome" error={errors.name?.message}>
          <Input
            {...describedBy("est-name", errors.name?.message)}
            required
            maxLength={120}
            {...form.register("name")}
          />
        </Field>
        <Field id="est-cnpj" label="CNPJ" error={errors.cnpj?.message}>
          <Input
            {...describedBy("est-cnpj", errors.cnpj?.message)}
            required
            inputMode="numeric"
            placeholder="00.000.000/0000-00"
            {...form.register("cnpj")}
          />
        </Field>
        <FormError message={errors.root?.message} />
        <Button type="submit" disabled={isSubmitting}>
          Cadastrar estabelecimento
        </Button>
      </form>
    </Card>
  );
}

function NewSector({ data, companyId }: { data: RiskOverview; companyId: string | null }) {
  const write = useRiskWrite(companyId);
  const form = useForm<SectorValues, unknown, SectorInput>({
    resolver: zodResolver(sectorFormSchema),
    defaultValues: {
      establishmentId: data.establishments[0]?.id ?? "",
      parentId: "",
      name: "",
      kind: "setor",
      activities: "",
      headcount: 0,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      toast.success((await write.mutateAsync({ path: "/api/risks/sectors", body: values })).message);
      form.reset();
    } catch (error) {
      showServerError(form, error, (error as Error).message);
    }
  });

  return (
    <Card>
      <CardTitle className="text-base">Novo setor ou GHE</CardTitle>
      <form className="mt-3 space-y-3" onSubmit={onSubmit} noValidate>
        <Field id="sec-est" label="Estabelecimento" error={errors.establishmentId?.message}>
          <Select {...describedBy("sec-est", errors.establishmentId?.message)} {...form.register("establishmentId")}>
            {data.establishments.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="sec-parent" label="Dentro de" error={errors.parentId?.message}>
          <Select {...describedBy("sec-parent", errors.parentId?.message)} {...form.register("parentId")}>
            <option value="">(nível principal)</option>
            {data.sectors.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="sec-name" label="Nome do setor" error={errors.name?.message}>
          <Input
            {...describedBy("sec-name", errors.name?.message)}
            required
            maxLength={120}
            {...form.register("name")}
          />
        </Field>
        <Field id="sec-kind" label="Tipo" error={errors.kind?.message}>
          <Select {...describedBy("sec-kind", errors.kind?.message)} {...form.register("kind")}>
            <option value="setor">Setor</option>
            <option value="ghe">GHE (grupo de exposição similar)</option>
          </Select>
        </Field>
        <Field id="sec-activities" label="Processos e atividades" error={errors.activities?.message}>
          <Textarea
            {...describedBy("sec-activities", errors.activities?.message)}
            rows={3}
            maxLength={4000}
            {...form.register("activities")}
          />
        </Field>
        <Field id="sec-headcount" label="Número de trabalhadores" error={errors.headcount?.message}>
          <Input
            {...describedBy("sec-headcount", errors.headcount?.message)}
            type="number"
            min={0}
            {...form.register("headcount", { setValueAs: blankAsZero })}
          />
        </Field>
        <FormError message={errors.root?.message} />
        <Button type="submit" disabled={isSubmitting}>
          Cadastrar setor
        </Button>
      </form>
    </Card>
  );
}
