import { ArrowLeft, Printer } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { loadFailed, messages } from "#core/messages.ts";
import { PageIntro } from "#web/components/page-intro.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Field } from "#web/components/ui/field.tsx";
import { ActivationPoster } from "#web/features/activation/activation-poster.tsx";
import { useActivationPoster } from "#web/features/activation/poster.queries.ts";
import { CompanyPicker } from "#web/features/teams/company-picker.tsx";
import { useCompanyChoice } from "#web/features/teams/use-company-choice.ts";
import { useViewer } from "#web/lib/session.ts";

export function meta() {
  return [{ title: "Cartaz de ativação | Sereno" }];
}

/** 'Cartaz de ativação' (docs/decisions/045): one poster per establishment, printed from the browser. */
export default function ActivationPosterPage() {
  const me = useViewer();
  const choice = useCompanyChoice();
  const poster = useActivationPoster(choice.companyId);
  // ?estabelecimento= comes from an establishment's card in Riscos Psicossociais › Estrutura.
  const [params] = useSearchParams();
  const [establishmentId, setEstablishmentId] = useState(params.get("estabelecimento") ?? "");
  const company = choice.companyId ? `?empresa=${choice.companyId}` : "";
  const back = params.has("estabelecimento")
    ? { to: `/risks${company}`, label: "Voltar para Riscos psicossociais" }
    : { to: "/team/importar", label: "Voltar para Importar pessoas" };
  const hasNoCompany = me.role === "manager" && !me.companyId;

  return (
    <div className="space-y-6">
      <div className="space-y-6 print:hidden">
        <PageIntro
          actions={
            <Link to={back.to} className="inline-flex min-h-11 items-center gap-2 text-sm text-primary hover:underline">
              <ArrowLeft aria-hidden className="size-4" /> {back.label}
            </Link>
          }
        >
          Quem não tem e-mail corporativo ativa o acesso pelo celular, com CPF e matrícula. Imprima o cartaz e afixe-o
          em cada estabelecimento.
        </PageIntro>
        <CompanyPicker choice={choice} />
      </div>
      {hasNoCompany ? (
        <Alert tone="warning">{messages.noCompany}</Alert>
      ) : choice.ready ? (
        <QueryPanel query={poster} errorMessage={loadFailed("o cartaz")}>
          {(data) => {
            const chosen = data.establishments.find((item) => item.id === establishmentId);
            return (
              <div className="space-y-6">
                <div className="flex flex-wrap items-end gap-4 print:hidden">
                  {data.establishments.length > 0 ? (
                    <Field id="cartaz-estabelecimento" label="Estabelecimento" className="min-w-64">
                      <select
                        id="cartaz-estabelecimento"
                        value={establishmentId}
                        onChange={(event) => setEstablishmentId(event.target.value)}
                        className="h-11 w-full rounded-lg border border-border bg-surface px-3 text-sm"
                      >
                        <option value="">Todos (sem nome de estabelecimento)</option>
                        {data.establishments.map((item) => (
                          <option key={item.id} value={item.id}>
                            {item.name}
                          </option>
                        ))}
                      </select>
                    </Field>
                  ) : null}
                  <Button onClick={() => window.print()}>
                    <Printer aria-hidden className="size-4" strokeWidth={1.75} />
                    Imprimir cartaz
                  </Button>
                </div>
                <ActivationPoster poster={data} establishment={chosen?.name ?? null} />
              </div>
            );
          }}
        </QueryPanel>
      ) : null}
    </div>
  );
}
