import { useSearchParams } from "react-router";
import { type CaseStatus, caseStatusIds } from "#core/listening.ts";
import { PageIntro } from "#web/components/page-intro.tsx";
import { CaseInbox } from "#web/features/listening/case-inbox.tsx";
import { CaseView } from "#web/features/listening/case-view.tsx";

export function meta() {
  return [{ title: "Casos do canal de escuta | Sereno" }];
}

/** /escuta/casos (issue 35): the handlers' inbox; `?caso=` opens one case. Everyone else gets the server's refusal. */
export default function ListeningCasesPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get("caso");
  const asked = params.get("situacao") ?? "";
  const status = (caseStatusIds as string[]).includes(asked) ? (asked as CaseStatus) : "";
  return (
    <div className="space-y-6">
      <PageIntro>
        Casos do canal de escuta que você pode ver. Cada ação fica no Registro de acessos, sem o texto do caso.
      </PageIntro>
      {id ? (
        <CaseView id={id} />
      ) : (
        <CaseInbox status={status} onStatus={(next) => setParams(next ? { situacao: next } : {})} />
      )}
    </div>
  );
}
