/**
 * /pgr: the company's current signed PGR psychosocial annex, open to every member (NR-1 1.5.7.2.1,
 * docs/decisions/082): the inventory and the action plan as published and signed, and the signed PDF.
 * Each opening of this page and each download adds one to the day's count; no one is named.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { Download, FileCheck } from "lucide-react";
import { useEffect, useRef } from "react";
// Not #core/risks.ts: it brings zod into this page (docs/decisions/042).
import { formatDatePtBR, formatDayPtBR } from "#core/format.ts";
import type { SignedAnnex } from "#core/signed-annex.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { PageIntro } from "#web/components/page-intro.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { buttonClass } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { api } from "#web/lib/api.ts";

export function meta() {
  return [{ title: "PGR: riscos psicossociais | Sereno" }];
}

function Annex({ annex }: { annex: SignedAnnex }) {
  return (
    <Card className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <CardTitle>
            {annex.establishmentName} – versão {annex.version}
          </CardTitle>
          <CardDescription>
            Publicada em {formatDatePtBR(annex.publishedAt)} e assinada digitalmente em {formatDatePtBR(annex.signedAt)}{" "}
            por {annex.signerName} ({annex.registration})
            {annex.nextReviewOn ? `. Próxima revisão até ${formatDayPtBR(annex.nextReviewOn)}` : ""}.
          </CardDescription>
        </div>
        <a className={buttonClass("primary", "sm")} href={`/api/pgr/${annex.id}/download.pdf`} download>
          <Download aria-hidden className="size-4" /> Baixar o PDF assinado
        </a>
      </div>
      <section className="space-y-2" aria-labelledby={`lines-${annex.id}`}>
        <h2 id={`lines-${annex.id}`} className="font-medium">
          Inventário de riscos
        </h2>
        <ul className="divide-y divide-border rounded-lg border border-border text-sm">
          {annex.lines.map((line) => (
            <li
              key={`${line.sectorName}-${line.hazardName}`}
              className="grid gap-1 p-3 sm:grid-cols-[1fr_1.4fr_auto] sm:items-center sm:gap-3"
            >
              <strong>{line.sectorName}</strong>
              <span>{line.hazardName}</span>
              <span className="text-muted">
                Nível {line.level} · {line.decision}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section className="space-y-2" aria-labelledby={`actions-${annex.id}`}>
        <h2 id={`actions-${annex.id}`} className="font-medium">
          Plano de ação
        </h2>
        {annex.actions.length ? (
          <ul className="divide-y divide-border rounded-lg border border-border text-sm">
            {annex.actions.map((action) => (
              <li key={`${action.title}-${action.sectorName}-${action.dueOn}`} className="space-y-0.5 p-3">
                <p className="font-medium">{action.title}</p>
                <p className="text-muted">
                  {action.sectorName} · {action.hazardName} · {action.status}, prazo {formatDayPtBR(action.dueOn)}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">Esta versão foi publicada sem ações no plano.</p>
        )}
      </section>
    </Card>
  );
}

export default function PgrPage() {
  const annexes = useQuery({ queryKey: ["pgr"], queryFn: () => api<{ annexes: SignedAnnex[] }>("/api/pgr") });
  const view = useMutation({ mutationFn: (id: string) => api(`/api/pgr/${id}/view`, { method: "POST" }) });
  const counted = useRef(new Set<string>());
  const { mutate } = view;
  // One opening of the page is one view of each annex it shows (a count of the day, never who).
  useEffect(() => {
    for (const annex of annexes.data?.annexes ?? []) {
      if (counted.current.has(annex.id)) continue;
      counted.current.add(annex.id);
      mutate(annex.id);
    }
  }, [annexes.data, mutate]);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageIntro>
        O anexo de riscos psicossociais do Programa de Gerenciamento de Riscos (PGR) da sua empresa, como foi publicado
        e assinado pelo profissional de segurança e saúde no trabalho. Ele mostra riscos e ações por setor, nunca
        respostas ou números de uma pessoa.
      </PageIntro>
      <QueryPanel query={annexes} errorMessage="Não foi possível carregar o PGR da empresa.">
        {({ annexes: list }) =>
          list.length ? (
            <div className="space-y-6">
              {list.map((annex) => (
                <Annex key={annex.id} annex={annex} />
              ))}
            </div>
          ) : (
            <EmptyState icon={FileCheck} title="Ainda não há um anexo assinado">
              Quando a empresa publicar e assinar o inventário de riscos psicossociais, ele aparece aqui para você ler e
              baixar.
            </EmptyState>
          )
        }
      </QueryPanel>
    </div>
  );
}
