import { BarChart3 } from "lucide-react";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { ApiKeyForm } from "./api-key-form.tsx";
import { ApiKeyList } from "./api-key-list.tsx";

const FEED_KEYS = "/api/resultados/api-keys";

/**
 * Resultados › Power BI e Excel (docs/decisions/088): the feed's keys, the company keys' machinery of
 * another kind (the HR API's form and list, on the feed's routes). /resultados loads it on use.
 */
export function FeedKeys({ companyId }: { companyId: string | null }) {
  return (
    <Card className="space-y-4" role="region" aria-labelledby="power-bi">
      <div className="flex items-start gap-3">
        <BarChart3 aria-hidden className="mt-1 size-5 shrink-0 text-primary" />
        <div className="space-y-1">
          <CardTitle id="power-bi">Power BI e Excel</CardTitle>
          <CardDescription>
            Os mesmos números desta página, para o seu painel: em Obter dados › Da Web, use{" "}
            <code>/api/v1/resultados/figuras.csv</code> (ou <code>/api/v1/resultados/figuras</code> em JSON) com uma
            chave daqui, em Básico (a chave como senha). Só leitura, só números do grupo, nunca uma linha por pessoa.
          </CardDescription>
        </div>
      </div>
      <ApiKeyForm
        companyId={companyId}
        base={FEED_KEYS}
        label="Chave do painel"
        placeholder="Por exemplo, Power BI do RH"
      />
      <ApiKeyList
        companyId={companyId}
        base={FEED_KEYS}
        revokeDescription="O painel que usa esta chave deixa de atualizar na hora. Não dá para desfazer: para voltar, crie outra chave e troque no painel."
      />
    </Card>
  );
}
