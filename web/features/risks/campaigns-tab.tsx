import { zodResolver } from "@hookform/resolvers/zod";
import { Megaphone } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { formatIsoDay } from "#core/risks.ts";
import type { Campaign, RiskOverview } from "#core/schemas/risk-responses.ts";
import { campaignInputSchema } from "#core/schemas/risks.ts";
import { DateField } from "#web/components/date-field.tsx";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { describedBy, Field, FormError, Input, Select, Textarea } from "#web/components/ui/field.tsx";
import { showServerError } from "#web/lib/form-errors.ts";
import { toast } from "#web/lib/toast.ts";
import { useRiskWrite } from "./risks.queries.ts";

const DEFAULT_NOTICE =
  "Finalidade: conhecer as condições de trabalho que podem afetar a saúde mental, para o inventário de riscos e o plano de ação do PGR (NR-1, itens 1.5.3.3 e 1.5.4). As respostas são anônimas: ficam guardadas sem o seu nome, e a empresa só vê resultados de grupos, com uma pequena variação aleatória que impede descobrir a resposta de qualquer pessoa. Base legal: cumprimento de obrigação legal (LGPD, art. 7º, II, e art. 11, II, a). A participação é voluntária: não responder não traz nenhuma consequência.";

const statusLabel = {
  draft: "Rascunho",
  open: "Aberta",
  closed: "Encerrada",
  published: "Resultados publicados",
};
const statusTone = { draft: "neutral", open: "primary", closed: "accent", published: "success" } as const;

/**
 * While a campaign is open the manager sees who was invited and nothing about
 * who answered: no figure may move when one person answers (docs/decisions/040).
 */
function OpenCampaignNote({ campaign }: { campaign: Campaign }) {
  return (
    <p className="mt-3 text-sm text-muted">
      {campaign.invited} {campaign.invited === 1 ? "pessoa convidada" : "pessoas convidadas"}. Para proteger o
      anonimato, o número de respostas só aparece quando a campanha for encerrada, por grupo e com margem.
    </p>
  );
}

export function CampaignsTab({ data, companyId }: { data: RiskOverview; companyId: string | null }) {
  const write = useRiskWrite(companyId);
  // Closing cannot be undone (no more answers), so it is confirmed first (issue 36, item 4).
  const [closing, setClosing] = useState<Campaign | null>(null);
  const act = (path: string, onSettled?: () => void) =>
    write.mutate(
      { path },
      { onSuccess: (r) => toast.success(r.message), onError: (e) => toast.error(e.message), onSettled },
    );

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
      <div className="space-y-4">
        {data.campaigns.length === 0 ? (
          <EmptyState icon={Megaphone} title="Nenhuma campanha ainda">
            Crie uma campanha para ouvir os trabalhadores sobre as condições de trabalho.
          </EmptyState>
        ) : (
          data.campaigns.map((campaign) => (
            <Card key={campaign.id}>
              <div className="flex flex-wrap items-center gap-2">
                <CardTitle>{campaign.title}</CardTitle>
                <Badge tone={statusTone[campaign.status]}>{statusLabel[campaign.status]}</Badge>
              </div>
              <CardDescription>
                {data.establishments.find((e) => e.id === campaign.establishmentId)?.name} · até{" "}
                {formatIsoDay(campaign.closesOn)} · {campaign.invited} convidados
              </CardDescription>
              {campaign.status === "open" ? <OpenCampaignNote campaign={campaign} /> : null}
              <div className="mt-3 flex flex-wrap gap-2">
                {campaign.status === "draft" ? (
                  <Button onClick={() => act(`/api/risks/campaigns/${campaign.id}/open`)} disabled={write.isPending}>
                    Abrir e enviar convites
                  </Button>
                ) : null}
                {campaign.status === "open" ? (
                  <>
                    <Button
                      variant="secondary"
                      onClick={() => act(`/api/risks/campaigns/${campaign.id}/remind`)}
                      disabled={write.isPending}
                    >
                      Lembrar quem não respondeu
                    </Button>
                    <Button onClick={() => setClosing(campaign)} disabled={write.isPending}>
                      Encerrar coleta
                    </Button>
                  </>
                ) : null}
                {campaign.status === "closed" ? (
                  <Button onClick={() => act(`/api/risks/campaigns/${campaign.id}/publish`)} disabled={write.isPending}>
                    Publicar resultados aos trabalhadores
                  </Button>
                ) : null}
              </div>
            </Card>
          ))
        )}
      </div>
      {data.establishments.length ? <NewCampaign data={data} companyId={companyId} /> : null}
      <ConfirmDialog
        open={closing !== null}
        onOpenChange={(open) => {
          if (!open && !write.isPending) setClosing(null);
        }}
        title="Encerrar a coleta de respostas?"
        description={`Ninguém mais poderá responder à pesquisa “${closing?.title ?? ""}”. As respostas recebidas entram nos resultados, por grupo e com margem. Isso não pode ser desfeito.`}
        confirmLabel="Encerrar coleta"
        onConfirm={() => {
          if (closing) act(`/api/risks/campaigns/${closing.id}/close`, () => setClosing(null));
        }}
        isPending={write.isPending}
      />
    </div>
  );
}

function NewCampaign({ data, companyId }: { data: RiskOverview; companyId: string | null }) {
  const write = useRiskWrite(companyId);
  const emptyCampaign = {
    establishmentId: data.establishments[0]?.id ?? "",
    title: "",
    instrumentId: data.instruments[0]?.key ?? "",
    sectorIds: [],
    closesOn: "",
    notice: DEFAULT_NOTICE,
  };
  const form = useForm<z.input<typeof campaignInputSchema>>({
    resolver: zodResolver(campaignInputSchema),
    defaultValues: emptyCampaign,
  });
  const { errors, isSubmitting } = form.formState;
  const sectorIds = form.watch("sectorIds");
  const topSectors = data.sectors.filter((s) => s.establishmentId === form.watch("establishmentId"));

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      toast.success((await write.mutateAsync({ path: "/api/risks/campaigns", body })).message);
      // The next campaign starts from a blank form, not from the one just created.
      form.reset(emptyCampaign);
    } catch (error) {
      showServerError(form, error, (error as Error).message);
    }
  });

  return (
    <Card>
      <CardTitle className="text-base">Nova campanha</CardTitle>
      <form className="mt-3 space-y-3" onSubmit={onSubmit} noValidate>
        <Field id="cmp-title" label="Título" error={errors.title?.message}>
          <Input
            {...describedBy("cmp-title", errors.title?.message)}
            required
            placeholder={`Ex.: Pesquisa psicossocial ${new Date().getFullYear()}`}
            {...form.register("title")}
          />
        </Field>
        <Field id="cmp-est" label="Estabelecimento" error={errors.establishmentId?.message}>
          <Select
            {...describedBy("cmp-est", errors.establishmentId?.message)}
            // The sectors offered are this establishment's: the ones ticked for another no longer apply.
            {...form.register("establishmentId", { onChange: () => form.setValue("sectorIds", []) })}
          >
            {data.establishments.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="cmp-instrument" label="Questionário" error={errors.instrumentId?.message}>
          <Select {...describedBy("cmp-instrument", errors.instrumentId?.message)} {...form.register("instrumentId")}>
            {data.instruments.map((i) => (
              <option key={i.key} value={i.key}>
                {i.title} ({i.items} perguntas)
              </option>
            ))}
          </Select>
        </Field>
        <fieldset className="space-y-1" aria-describedby={errors.sectorIds ? "cmp-sectors-error" : undefined}>
          <legend className="text-sm font-medium">Setores (os setores de dentro entram junto)</legend>
          {topSectors.length === 0 ? <p className="text-sm text-muted">Cadastre setores em Estrutura.</p> : null}
          {topSectors.map((sector) => (
            <label key={sector.id} className="flex min-h-9 items-center gap-2 text-sm">
              {/* Kept as a list by hand: react-hook-form reads a lone checkbox as true or false. */}
              <input
                type="checkbox"
                className="size-4"
                checked={sectorIds.includes(sector.id)}
                onChange={(event) =>
                  form.setValue(
                    "sectorIds",
                    event.target.checked ? [...sectorIds, sector.id] : sectorIds.filter((id) => id !== sector.id),
                    { shouldValidate: form.formState.isSubmitted },
                  )
                }
              />
              {sector.name}
            </label>
          ))}
          {errors.sectorIds?.message ? (
            <p id="cmp-sectors-error" role="alert" className="text-sm text-danger">
              {errors.sectorIds.message}
            </p>
          ) : null}
        </fieldset>
        <Controller
          control={form.control}
          name="closesOn"
          render={({ field }) => (
            <DateField id="cmp-closes" label="Encerra em" error={errors.closesOn?.message} required {...field} />
          )}
        />
        <Field id="cmp-notice" label="Aviso aos participantes" error={errors.notice?.message}>
          <Textarea {...describedBy("cmp-notice", errors.notice?.message)} rows={7} {...form.register("notice")} />
        </Field>
        <FormError message={errors.root?.message} />
        <Button type="submit" disabled={isSubmitting}>
          Criar campanha
        </Button>
      </form>
    </Card>
  );
}
