import { ClipboardList } from "lucide-react";
import { Link } from "react-router";
import { formatDayPtBR } from "#core/format.ts";
import { buttonClass } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { useOpenSurvey } from "./survey.queries.ts";

/**
 * The member's dashboard card while a survey waits for them; nothing otherwise.
 * Reads no instrument code (#core/risks.ts loads zod and the questionnaire):
 * the dashboard stays light (docs/decisions/021).
 */
export function SurveyCard() {
  const survey = useOpenSurvey().data?.survey;
  if (!survey) return null;
  return (
    <Card className="flex flex-col gap-3 border-primary/40 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex gap-3">
        <ClipboardList aria-hidden className="mt-1 size-6 shrink-0 text-primary" />
        <div>
          <CardTitle>Pesquisa de riscos psicossociais</CardTitle>
          <CardDescription>
            {survey.instrument.items.length} perguntas sobre as condições de trabalho, anônimas e voluntárias. Até{" "}
            {formatDayPtBR(survey.closesOn)}.
          </CardDescription>
        </div>
      </div>
      <Link className={buttonClass("primary")} to="/pesquisa-psicossocial">
        Responder
      </Link>
    </Card>
  );
}
