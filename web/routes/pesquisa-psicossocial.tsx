import { HeartHandshake } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { PageIntro } from "#web/components/page-intro.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Card, CardTitle } from "#web/components/ui/card.tsx";
import { CrisisNote } from "#web/features/help/crisis-note.tsx";
import { PublishedSummary } from "#web/features/risks/published-summary.tsx";
import { Questionnaire } from "#web/features/risks/questionnaire.tsx";
import { useOpenSurvey } from "#web/features/risks/survey.queries.ts";

export function meta() {
  return [{ title: "Pesquisa de riscos psicossociais | Sereno" }];
}

function ThankYou() {
  return (
    <div className="space-y-4">
      <Card className="space-y-2" role="status">
        <CardTitle>Obrigado por participar!</CardTitle>
        <p>
          Suas respostas foram enviadas sem o seu nome. A empresa verá apenas resultados de grupos, e vai usá-los para
          melhorar as condições de trabalho.
        </p>
      </Card>
      <Card className="space-y-3">
        <div className="flex items-center gap-2">
          <HeartHandshake aria-hidden className="size-5 text-primary" />
          <CardTitle className="text-base">Se alguma pergunta mexeu com você</CardTitle>
        </div>
        <p className="text-sm">
          Você não precisa passar por isso sozinho(a). Fale com alguém de confiança, com o canal de cuidado da sua
          empresa ou veja os contatos em{" "}
          <Link className="text-primary underline" to="/help">
            Ajuda
          </Link>
          .
        </p>
        <CrisisNote />
      </Card>
    </div>
  );
}

export default function SurveyPage() {
  const survey = useOpenSurvey();
  const [done, setDone] = useState(false);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageIntro>
        Uma pesquisa anônima sobre as condições de trabalho, para o gerenciamento de riscos da NR-1.
      </PageIntro>
      {done ? (
        <ThankYou />
      ) : (
        <QueryPanel query={survey} errorMessage="Não foi possível carregar a pesquisa.">
          {({ survey: open }) =>
            open ? (
              <Questionnaire survey={open} onDone={() => setDone(true)} />
            ) : (
              <Card>
                <p>Você não tem uma pesquisa aberta no momento.</p>
              </Card>
            )
          }
        </QueryPanel>
      )}
      <PublishedSummary />
    </div>
  );
}
