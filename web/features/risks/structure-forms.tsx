/**
 * The structure tab's forms (a new establishment, a new sector), apart from the
 * tab so zod and react-hook-form load after the page's first frame
 * (docs/decisions/042).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { RiskOverview } from "#core/schemas/risk-responses.ts";
import { type EstablishmentInput, establishmentInputSchema, type SectorInput } from "#core/schemas/risks.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardTitle } from "#web/components/ui/card.tsx";
import { describedBy, Field, FormError, Input, Select, Textarea } from "#web/components/ui/field.tsx";
import { showServerError } from "#web/lib/form-errors.ts";
import { toast } from "#web/lib/toast.ts";
import { blankAsZero, type SectorValues, sectorFormSchema } from "./risk-form-values.ts";
import { useRiskWrite } from "./risks.queries.ts";

type EstablishmentFields = Omit<EstablishmentInput, "companyId">;

export function NewEstablishment({ companyId }: { companyId: string | null }) {
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

export function NewSector({ data, companyId }: { data: RiskOverview; companyId: string | null }) {
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
