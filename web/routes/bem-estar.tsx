import { Sparkles } from "lucide-react";
import { Link } from "react-router";
import { loadFailed } from "#core/messages.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { PageIntro } from "#web/components/page-intro.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { buttonClass } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { SupportCard } from "#web/features/check-ins/support-card.tsx";
import { useWho5 } from "#web/features/who5/who5.queries.ts";
import { Who5Results } from "#web/features/who5/who5-results.tsx";

export function meta() {
  return [{ title: "Meu bem-estar | Sereno" }];
}

/** A WHO-5 of 50 or less: the same private card as the check-ins' low pattern, in the WHO-5's own words. */
const lowIndexWords = {
  heading: "Se estiver pesado, você não precisa passar por isso sozinho(a)",
  body: "Um índice assim pede cuidado, não pressa. Conversar com alguém costuma ajudar: aqui estão formas gratuitas de apoio, a qualquer hora, e o apoio psicológico que sua empresa oferece.",
};

/** The member's own WHO-5 score and trend (docs/decisions/078): only ever theirs. */
export default function WellbeingPage() {
  const status = useWho5();
  return (
    <>
      <PageIntro>
        Seu Índice de Bem-Estar da OMS (WHO-5), uma vez por trimestre. Só você vê estas respostas; sua empresa nunca as
        vê.
      </PageIntro>
      <QueryPanel
        query={status}
        errorMessage={loadFailed("seu bem-estar")}
        loading={<Skeleton className="h-64 w-full" />}
      >
        {(data) =>
          data.results.length === 0 ? (
            <EmptyState icon={Sparkles} title="Você ainda não respondeu ao Índice de Bem-Estar">
              <p>
                {data.hasConsent
                  ? "Responda no Painel: são cinco perguntas curtas sobre as suas últimas duas semanas."
                  : "Para responder, dê o consentimento do WHO-5 no Painel ou em Configurações."}
              </p>
              <Link to="/dashboard" className={`${buttonClass("primary")} mt-3`}>
                Ir para o Painel
              </Link>
            </EmptyState>
          ) : (
            <Who5Results status={data} support={<SupportCard lowPattern words={lowIndexWords} dismissible={false} />} />
          )
        }
      </QueryPanel>
    </>
  );
}
