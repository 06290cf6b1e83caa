import { Megaphone } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { formatNumber } from "#core/format.ts";
import { formatIsoDay } from "#core/risks.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { Field, Input, Select, Textarea } from "#web/components/ui/field.tsx";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";
import type { Campaign, RiskOverview } from "./risk-types.ts";
import { useCampaignFigures, useRiskWrite } from "./risks.queries.ts";

export const DEFAULT_NOTICE =
  "Finalidade: conhecer as condições de trabalho que podem afetar a saúde mental, para o inventário de riscos e o plano de ação do PGR (NR-1, itens 1.5.3.3 e 1.5.4). As respostas são anônimas: ficam guardadas sem o seu nome, e a empresa só vê resultados de grupos com pelo menos 5 pessoas. Base legal: cumprimento de obrigação legal (LGPD, art. 7º, II, e art. 11, II, a). A participação é voluntária: não responder não traz nenhuma consequência.";

export const statusLabel = {
  draft: "Rascunho",
  open: "Aberta",
  closed: "Encerrada",
  published: "Resultados publicados",
};
const statusTone = { draft: "neutral", open: "primary", closed: "accent", published: "success" } as const;

function ResponseRate({ campaign, companyId }: { campaign: Campaign; companyId: string | null }) {
  const figures = useCampaignFigures(companyId, campaign.id);
  const participation = figures.data?.participation;
  if (!participation) return null;
  return (
    <div className="mt-3 space-y-2">
      <p className="text-sm">
        Taxa de resposta: <strong>{formatNumber(participation.rate, { upTo: 3 })}%</strong> ({participation.answered} de{" "}
        {participation.invited})
      </p>
      <ul className="space-y-2">
        {participation.sectors.map((sector) => (
          <li key={sector.sectorId} className="text-sm">
            <div className="flex justify-between gap-2">
              <span>
                {sector.name}
                {sector.pooledFrom.length ? (
                  <span className="text-muted"> (inclui {sector.pooledFrom.join(", ")})</span>
                ) : null}
              </span>
              <span>{formatNumber(sector.rate, { upTo: 3 })}%</span>
            </div>
            <ProgressBar value={sector.rate} label={`Taxa de resposta de ${sector.name}`} />
          </li>
        ))}
      </ul>
      {participation.hiddenSectors.length ? (
        <p className="text-xs text-muted">
          Setores com menos de 5 convidados aparecem somados ao setor de cima, para proteger o anonimato.
        </p>
      ) : null}
    </div>
  );
}

export function CampaignsTab({ data, companyId }: { data: RiskOverview; companyId: string | null }) {
  const write = useRiskWrite(companyId);
  const [error, setError] = useState<string>();
  const [establishmentId, setEstablishmentId] = useState(data.establishments[0]?.id ?? "");
  const act = (path: string) =>
    write.mutate({ path }, { onSuccess: (r) => toast.success(r.message), onError: (e) => toast.error(e.message) });

  const create = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    write.mutate(
      {
        path: "/api/risks/campaigns",
        body: {
          establishmentId,
          title: form.get("title"),
          instrumentId: form.get("instrumentId"),
          sectorIds: form.getAll("sectorIds"),
          closesOn: form.get("closesOn"),
          notice: form.get("notice"),
        },
      },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          setError(undefined);
        },
        onError: (e) => setError(e.message),
      },
    );
  };

  const topSectors = data.sectors.filter((s) => s.establishmentId === establishmentId);
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
              {campaign.status === "open" ? <ResponseRate campaign={campaign} companyId={companyId} /> : null}
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
                    <Button onClick={() => act(`/api/risks/campaigns/${campaign.id}/close`)} disabled={write.isPending}>
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
      {data.establishments.length ? (
        <Card>
          <CardTitle className="text-base">Nova campanha</CardTitle>
          <form className="mt-3 space-y-3" onSubmit={create}>
            <Field id="cmp-title" label="Título">
              <Input
                id="cmp-title"
                name="title"
                required
                defaultValue={`Pesquisa psicossocial ${new Date().getFullYear()}`}
              />
            </Field>
            <Field id="cmp-est" label="Estabelecimento">
              <Select id="cmp-est" value={establishmentId} onChange={(e) => setEstablishmentId(e.target.value)}>
                {data.establishments.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="cmp-instrument" label="Questionário">
              <Select id="cmp-instrument" name="instrumentId">
                {data.instruments.map((i) => (
                  <option key={i.key} value={i.key}>
                    {i.title} ({i.items} perguntas)
                  </option>
                ))}
              </Select>
            </Field>
            <fieldset className="space-y-1">
              <legend className="text-sm font-medium">Setores (os setores de dentro entram junto)</legend>
              {topSectors.length === 0 ? <p className="text-sm text-muted">Cadastre setores em Estrutura.</p> : null}
              {topSectors.map((sector) => (
                <label key={sector.id} className="flex min-h-9 items-center gap-2 text-sm">
                  <input type="checkbox" name="sectorIds" value={sector.id} className="size-4" />
                  {sector.name}
                </label>
              ))}
            </fieldset>
            <Field id="cmp-closes" label="Encerra em">
              <Input id="cmp-closes" name="closesOn" type="date" required />
            </Field>
            <Field id="cmp-notice" label="Aviso aos participantes" error={error}>
              <Textarea id="cmp-notice" name="notice" rows={7} defaultValue={DEFAULT_NOTICE} />
            </Field>
            <Button type="submit" disabled={write.isPending}>
              Criar campanha
            </Button>
          </form>
        </Card>
      ) : null}
    </div>
  );
}
