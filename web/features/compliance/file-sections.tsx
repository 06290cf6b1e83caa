/**
 * The other parts of the Lei 14.457 file on /conformidade (docs/decisions/090): the rules of conduct
 * (publish a new version, how many acknowledged it), the complaint procedure as the Canal de escuta's
 * settings write it, the CIPA meetings with harassment on the agenda, and the Canal de escuta's counts
 * per closed quarter (released by the disclosure layer: 'cerca de', or hidden).
 */
import { useState } from "react";
import { Link } from "react-router";
import { formatDatePtBR, formatDayPtBR, formatNumber } from "#core/format.ts";
import type { HarassmentFile } from "#core/schemas/compliance.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { Field, Textarea } from "#web/components/ui/field.tsx";
import { toast } from "#web/lib/toast.ts";
import { useComplianceWrite } from "./compliance.queries.ts";

export function ConductCard({ conduct, companyId }: { conduct: HarassmentFile["conduct"]; companyId: string | null }) {
  const write = useComplianceWrite(companyId);
  const [text, setText] = useState(conduct?.text ?? "");
  const [error, setError] = useState<string | null>(null);
  const publish = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      toast.success((await write.mutateAsync({ path: "/api/compliance/conduct", body: { text } })).message);
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <Card>
      <CardTitle className="text-base">Regras de conduta</CardTitle>
      <CardDescription>
        {conduct
          ? `Versão ${conduct.version}, publicada em ${formatDatePtBR(conduct.publishedOn)}. Ciência de ${formatNumber(conduct.acknowledged)} de ${formatNumber(conduct.members)} pessoas.`
          : "Ainda não publicadas. Cada pessoa da empresa lê e dá ciência uma vez por versão, em Regras de conduta."}
      </CardDescription>
      <form className="mt-3 space-y-3" onSubmit={publish} noValidate>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Field id="conduct-text" label={conduct ? "Texto (publicar cria uma nova versão)" : "Texto"}>
          <Textarea id="conduct-text" rows={6} value={text} onChange={(e) => setText(e.target.value)} required />
        </Field>
        <Button type="submit" variant="secondary" disabled={write.isPending}>
          Publicar nova versão
        </Button>
      </form>
    </Card>
  );
}

export function ProcedureCard({ procedure }: { procedure: HarassmentFile["procedure"] }) {
  return (
    <Card>
      <CardTitle className="text-base">Procedimento de denúncia</CardTitle>
      <CardDescription>Escrito a partir das configurações do Canal de escuta.</CardDescription>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm">
        {procedure.paragraphs.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </Card>
  );
}

export function MeetingsCard({ meetings }: { meetings: HarassmentFile["meetings"] }) {
  return (
    <Card>
      <CardTitle className="text-base">CIPA: reuniões com assédio na pauta</CardTitle>
      {meetings.length === 0 ? (
        <p className="mt-2 text-sm text-muted">
          Nenhuma registrada. Em{" "}
          <Link className="text-primary underline" to="/risks">
            Riscos psicossociais › Participação
          </Link>
          , registre a reunião da CIPA, marque “Assédio na pauta” e anexe a ata.
        </p>
      ) : (
        <ul className="mt-3 space-y-2 text-sm">
          {meetings.map((meeting) => (
            <li key={meeting.id} className="rounded-lg border border-border p-3">
              <strong>{formatDayPtBR(meeting.heldOn)}</strong> – {meeting.description}
              <span className="block text-xs text-muted">
                {meeting.files ? `${meeting.files} anexo(s)` : "Sem ata anexada"}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function ListeningCard({ listening }: { listening: HarassmentFile["listening"] }) {
  const labels = listening[0]?.categories.map((c) => c.label) ?? [];
  return (
    <Card>
      <CardTitle className="text-base">Canal de escuta por trimestre</CardTitle>
      <CardDescription>Contagens com ruído, como no inventário da NR-1; grupos pequenos ficam ocultos.</CardDescription>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-border">
              <th className="py-2 pr-3 font-medium">Trimestre</th>
              {labels.map((label) => (
                <th key={label} className="py-2 pr-3 font-medium">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {listening.map((quarter) => (
              <tr key={quarter.quarter} className="border-b border-border last:border-0">
                <td className="py-2 pr-3">{quarter.quarter}</td>
                {quarter.categories.map((cell) => (
                  <td key={cell.label} className="py-2 pr-3">
                    {cell.shown && cell.count !== null ? (
                      `cerca de ${formatNumber(cell.count)}`
                    ) : (
                      <span className="text-muted">oculto</span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
