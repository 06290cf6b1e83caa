import { Download, Loader2, Play } from "lucide-react";
import { useState } from "react";
import { formatNumber } from "#core/format.ts";
import { GUARDRAIL_PHRASE } from "#core/roster.ts";
import type { RosterMode, RosterPreview } from "#core/schemas/roster.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { Field, Input } from "#web/components/ui/field.tsx";
import { cn } from "#web/lib/cn.ts";
import { PlanSeatsAlert } from "./plan-seats-alert.tsx";
import { companyQuery } from "./roster.queries.ts";

const modeLabels: Record<RosterMode, { title: string; hint: string }> = {
  changes: {
    title: "Somente novos e alterações",
    hint: "Cadastra quem é novo e atualiza quem mudou. Ninguém sai.",
  },
  full: {
    title: "Arquivo completo",
    hint: "O arquivo é a lista inteira da empresa: quem não está nele sai do Sereno.",
  },
};

function Count({ label, value, tone }: { label: string; value: number; tone?: "danger" | "warning" }) {
  return (
    <div className="rounded-md bg-surface-2 p-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd
        className={cn(
          "text-2xl font-semibold tabular-nums",
          tone === "danger" && value > 0 && "text-danger",
          tone === "warning" && value > 0 && "text-warning",
        )}
      >
        {formatNumber(value)}
      </dd>
    </div>
  );
}

/** Step 3: what the file would do, nothing written yet; then the mode, the typed confirmation if needed, and apply. */
export function PreviewStep({
  preview,
  companyId,
  isApplying,
  error,
  onBack,
  onApply,
}: {
  preview: RosterPreview;
  companyId: string | null;
  isApplying: boolean;
  error: string | null;
  onBack: () => void;
  onApply: (mode: RosterMode, confirmation: string, inviteLater: boolean) => void;
}) {
  const [mode, setMode] = useState<RosterMode>("changes");
  const [inviteLater, setInviteLater] = useState(false);
  const [confirmation, setConfirmation] = useState("");
  const { counts, plan, guardrail } = preview;
  const needsConfirmation = mode === "full" && guardrail.reasons.length > 0;
  const seatsAfter = mode === "full" ? plan.afterFull : plan.afterChanges;
  const isOverPlan = seatsAfter > plan.limit && seatsAfter > plan.used;
  const isUnlimited = plan.limit >= 999_999;
  const canApply = !isOverPlan && (!needsConfirmation || confirmation.trim() === GUARDRAIL_PHRASE);

  return (
    <div className="space-y-5">
      <Card className="space-y-4">
        <div className="space-y-1">
          <CardTitle>3. Pré-visualização</CardTitle>
          <CardDescription>
            {preview.fileName}: {formatNumber(counts.total)} linhas. Nada foi gravado ainda.
          </CardDescription>
        </div>
        <PlanSeatsAlert plan={plan} />
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Resumo da pré-visualização">
          <Count label="Novas" value={counts.new} />
          <Count label="Alteradas" value={counts.changed} />
          <Count label="Sem mudança" value={counts.unchanged} />
          <Count label="Saem (arquivo completo)" value={counts.leaving} tone="warning" />
          <Count label="Recusadas" value={counts.rejected} tone="danger" />
        </dl>
        <ul className="list-disc space-y-1 pl-5 text-sm text-muted">
          <li>
            {formatNumber(preview.invites)} {preview.invites === 1 ? "pessoa recebe" : "pessoas recebem"} convite por
            e-mail; {formatNumber(preview.awaitingActivation)} sem e-mail{" "}
            {preview.awaitingActivation === 1 ? "fica" : "ficam"} aguardando ativação.
          </li>
          {preview.structure.establishments + preview.structure.sectors > 0 ? (
            <li>
              Estrutura do NR-1: {formatNumber(preview.structure.establishments)} estabelecimento(s) e{" "}
              {formatNumber(preview.structure.sectors)} setor(es) novos serão criados. Setores existentes não mudam de
              lugar.
            </li>
          ) : null}
          <li>
            Vagas do plano {plan.label}: {formatNumber(plan.used)} em uso; depois, {formatNumber(seatsAfter)}
            {isUnlimited ? " (ilimitadas)." : ` de ${formatNumber(plan.limit)}.`}
          </li>
        </ul>
      </Card>

      {counts.rejected > 0 ? (
        <Card className="space-y-3">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <h2 className="text-lg font-semibold" id="recusadas-titulo">
              Linhas recusadas ({formatNumber(counts.rejected)})
            </h2>
            <a
              className={buttonClass("secondary", "sm")}
              href={`/api/roster/imports/${preview.id}/rejections.csv${companyQuery(companyId)}`}
              download
            >
              <Download aria-hidden className="size-4" /> Baixar linhas recusadas (CSV)
            </a>
          </div>
          <p className="text-sm text-muted">
            Estas linhas ficam de fora. Corrija-as no sistema de RH e envie o arquivo de novo quando quiser.
          </p>
          <div className="max-h-80 overflow-auto rounded-md border border-border">
            <table className="w-full text-left text-sm" aria-labelledby="recusadas-titulo">
              <thead className="sticky top-0 bg-surface-2">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Linha
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Coluna
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Motivo
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.rejections.map((rejection) => (
                  <tr key={`${rejection.line}-${rejection.column}`} className="border-t border-border align-top">
                    <td className="px-3 py-2 tabular-nums">{rejection.line}</td>
                    <td className="px-3 py-2 wrap-break-word">{rejection.column}</td>
                    <td className="px-3 py-2">{rejection.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {counts.rejected > preview.rejections.length ? (
            <p className="text-sm text-muted">
              Mostrando as primeiras {formatNumber(preview.rejections.length)}; o CSV tem todas.
            </p>
          ) : null}
        </Card>
      ) : null}

      <Card className="space-y-4">
        <fieldset className="space-y-3">
          <legend className="mb-2 text-lg font-semibold">4. Como aplicar</legend>
          {(["changes", "full"] as const).map((value) => (
            <label
              key={value}
              className={cn(
                "flex cursor-pointer gap-3 rounded-md border p-3 has-focus-visible:outline-2 has-focus-visible:outline-ring",
                mode === value ? "border-primary bg-primary-soft" : "border-border",
              )}
            >
              <input
                type="radio"
                name="modo"
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
                className="mt-1 size-4 accent-primary"
              />
              <span>
                <span className="block font-medium">{modeLabels[value].title}</span>
                <span className="block text-sm text-muted">{modeLabels[value].hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {/* 'Convidar depois' (docs/decisions/058): the people enter now, the e-mails leave from Equipe. */}
        <label className="flex cursor-pointer gap-3 rounded-md border border-border p-3 has-focus-visible:outline-2 has-focus-visible:outline-ring">
          <input
            type="checkbox"
            checked={inviteLater}
            onChange={(event) => setInviteLater(event.target.checked)}
            className="mt-1 size-4 accent-primary"
          />
          <span>
            <span className="block font-medium">Convidar depois</span>
            <span className="block text-sm text-muted">
              As pessoas entram no cadastro sem receber e-mail agora. Quando quiser, envie os convites em Equipe, no
              botão Enviar convites.
            </span>
          </span>
        </label>
        {needsConfirmation ? (
          <div className="space-y-3">
            <Alert tone="warning" title="Este arquivo muda muita gente de uma vez">
              {guardrail.reasons.includes("leaving")
                ? `${formatNumber(counts.leaving)} de ${formatNumber(guardrail.active)} pessoas sairiam${
                    guardrail.leftRecently > 0
                      ? `, além de ${formatNumber(guardrail.leftRecently)} que já saíram nas últimas 24 horas`
                      : ""
                  } (mais de 40% em um dia). `
                : null}
              {guardrail.reasons.includes("matricula")
                ? `${formatNumber(guardrail.matriculaChanges)} matrículas mudariam (mais de 5%). `
                : null}
              Confira se o arquivo está completo. Quem sai perde o acesso na hora.
            </Alert>
            <Field id="confirmar-importacao" label={`Para aplicar mesmo assim, digite ${GUARDRAIL_PHRASE}`}>
              <Input
                id="confirmar-importacao"
                autoComplete="off"
                value={confirmation}
                onChange={(event) => setConfirmation(event.target.value)}
              />
            </Field>
          </div>
        ) : null}
        {isOverPlan ? (
          <Alert tone="error">
            O plano {plan.label} tem {formatNumber(plan.limit)} vagas e ficaria com {formatNumber(seatsAfter)}. Diminua
            o arquivo ou fale com a gente sobre um plano maior.
          </Alert>
        ) : null}
        {error ? (
          <Alert tone="error" live>
            {error}
          </Alert>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button variant="ghost" onClick={onBack} disabled={isApplying}>
            Escolher outro arquivo
          </Button>
          <Button onClick={() => onApply(mode, confirmation, inviteLater)} disabled={isApplying || !canApply}>
            {isApplying ? (
              <Loader2 aria-hidden className="size-4 animate-spin" />
            ) : (
              <Play aria-hidden className="size-4" />
            )}
            Aplicar importação
          </Button>
        </div>
      </Card>
    </div>
  );
}
