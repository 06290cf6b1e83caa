import { KeyRound } from "lucide-react";
import { Suspense } from "react";
import { loadFailed } from "#core/messages.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { lazyNamed } from "#web/lib/lazy-named.ts";

/** The keys' form and list share a chunk with Resultados' feed keys: they load after the page, which is at its JS budget (docs/decisions/042). */
const HrKeyPanel = lazyNamed(
  () => import("./hr-key-panel.tsx").then((module) => module.HrKeyPanel),
  () => <Alert tone="error">{loadFailed("as chaves de integração")}</Alert>,
);

/**
 * 'Integração com o sistema de RH' (docs/decisions/044): the company's HR API
 * keys — when each was made and by whom, when it was last used — with
 * creation (its secret shown once) and revocation after a confirmation.
 */
export function HrIntegration({ companyId }: { companyId: string | null }) {
  return (
    <section aria-labelledby="integracao-rh">
      <Card className="space-y-5">
        <div className="flex items-start gap-3">
          <KeyRound aria-hidden className="mt-1 size-5 shrink-0 text-primary" />
          <div className="space-y-1">
            <CardTitle id="integracao-rh">Integração com o sistema de RH</CardTitle>
            <CardDescription>
              Seu sistema de RH pode enviar admissões, mudanças e desligamentos direto para o Sereno, com as mesmas
              regras desta importação. Crie uma chave para ele e use-a no cabeçalho <code>Authorization: Bearer</code>.
              A descrição da API está em{" "}
              <a className="font-medium text-primary underline underline-offset-4" href="/api/openapi.json">
                /api/openapi.json
              </a>
              .
            </CardDescription>
          </div>
        </div>
        <Suspense fallback={<Spinner label="Carregando as chaves" />}>
          <HrKeyPanel companyId={companyId} />
        </Suspense>
      </Card>
    </section>
  );
}
