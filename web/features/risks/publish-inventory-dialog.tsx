import { Alert } from "#web/components/ui/alert.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { toast } from "#web/lib/toast.ts";
import { levelClass } from "./level-style.ts";
import { useInventoryPreview, useRiskWrite } from "./risks.queries.ts";

/**
 * 'Publicar versão do inventário' (docs/decisions/059, issue 45): before a
 * version is frozen for 20 years, what it will hold and what it leaves out
 * (lines of the version in force not assessed again, surveyed sectors without
 * a line, actions of the plan whose line goes), and a confirmation.
 */
export function PublishInventoryDialog({
  open,
  onOpenChange,
  campaignId,
  companyId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  campaignId: string;
  companyId: string | null;
}) {
  const preview = useInventoryPreview(companyId, campaignId, open);
  const write = useRiskWrite(companyId);
  const data = preview.data;
  const publish = () =>
    write.mutate(
      // The person saw what is left out, here: that is the confirmation the server asks for.
      { path: `/api/risks/campaigns/${campaignId}/inventory`, body: { confirmar: true } },
      {
        onSuccess: (reply) => {
          toast.success(reply.message);
          onOpenChange(false);
        },
        onError: (error) => toast.error(error.message),
      },
    );
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-2xl"
      title={data ? `Publicar a versão ${data.version} do inventário?` : "Publicar versão do inventário"}
      description="Depois de publicada, a versão fica congelada e é guardada por 20 anos. Confira o que ela vai conter."
    >
      {preview.isPending ? (
        <Spinner label="Preparando a prévia…" />
      ) : preview.isError || !data ? (
        <Alert tone="error">{preview.error?.message ?? "Não foi possível preparar a prévia. Tente de novo."}</Alert>
      ) : (
        <div className="space-y-5">
          <section className="space-y-2" aria-labelledby="inventory-holds">
            <h3 id="inventory-holds" className="font-medium">
              A versão {data.version} vai conter {data.lines.length} {data.lines.length === 1 ? "linha" : "linhas"}
            </h3>
            <ul className="space-y-1 text-sm">
              {data.lines.map((line) => (
                <li key={`${line.sectorId}-${line.hazard}`} className="flex flex-wrap items-center gap-2">
                  <Badge className={levelClass(line.levelIndex ?? 0)}>{line.level}</Badge>
                  {line.sectorName} – {line.hazardName}
                </li>
              ))}
            </ul>
          </section>
          {data.needsConfirmation ? (
            <Alert tone="warning" title="O que fica de fora desta versão">
              <div className="space-y-3">
                <LeftOut
                  title={`Saem do inventário: estavam na versão ${data.replaces ?? ""} e não foram avaliados nesta campanha`}
                  items={data.droppedLines.map((line) => `${line.sectorName} – ${line.hazardName} (${line.level})`)}
                />
                <LeftOut
                  title="Setores pesquisados sem nenhum risco avaliado"
                  items={data.sectorsWithoutLines.map((sector) => sector.name)}
                />
                <LeftOut
                  title="Ações do plano que ficam sem linha no inventário"
                  items={data.orphanedActions.map((a) => `${a.title} (${a.sectorName} – ${a.hazardName})`)}
                />
                <p>Para incluí-los, volte e avalie esses riscos antes de publicar.</p>
              </div>
            </Alert>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              Voltar e avaliar
            </Button>
            <Button type="button" onClick={publish} disabled={write.isPending || data.lines.length === 0}>
              {data.needsConfirmation
                ? `Publicar a versão ${data.version} assim mesmo`
                : `Publicar a versão ${data.version}`}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

function LeftOut({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <p className="font-medium">{title}:</p>
      <ul className="list-disc pl-5">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
