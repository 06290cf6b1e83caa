import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import type { NewCaseReply } from "#core/schemas/listening.ts";
import { PageIntro } from "#web/components/page-intro.tsx";
import { buttonClass } from "#web/components/ui/button.tsx";
import { CaseForm } from "#web/features/listening/case-form.tsx";
import { useHandlerChoices } from "#web/features/listening/listening.queries.ts";
import { SecretCard } from "#web/features/listening/secret-card.tsx";

// 'Você falou, fizemos' (docs/decisions/094): the company's notices, loaded after the form.
const NoticesCard = lazy(() =>
  import("#web/features/dossier/notices-card.tsx").then((module) => ({ default: module.NoticesCard })),
);

export function meta() {
  return [{ title: "Canal de escuta | Sereno" }];
}

/** /escuta (issue 35): write to the company, anonymously unless the person chooses otherwise. */
export default function ListeningPage() {
  const [created, setCreated] = useState<NewCaseReply | null>(null);
  const choices = useHandlerChoices();
  return (
    <div className="space-y-6">
      <PageIntro
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to="/escuta/acompanhar" className={buttonClass("secondary")}>
              Acompanhar um caso
            </Link>
            {choices.data?.isHandler ? (
              <Link to="/escuta/casos" className={buttonClass("secondary")}>
                Casos recebidos
              </Link>
            ) : null}
          </div>
        }
      >
        Escreva para a empresa: uma sugestão, um elogio, uma preocupação ou uma denúncia. Sem se identificar, nada liga
        a mensagem à sua conta; quem responde vê só a data, nunca o horário, e não sabe quando você lê.
      </PageIntro>
      {created ? <SecretCard created={created} onDone={() => setCreated(null)} /> : <CaseForm onSent={setCreated} />}
      <Suspense fallback={null}>
        <NoticesCard />
      </Suspense>
    </div>
  );
}
