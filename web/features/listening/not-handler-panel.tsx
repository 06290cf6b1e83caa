import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "#web/components/ui/button.tsx";
import { ApiError } from "#web/lib/api.ts";
import { useViewer } from "#web/lib/session.ts";

/** The server's refusal of someone the admin did not appoint (docs/decisions/052). */
export function isNotHandler(error: unknown): boolean {
  return error instanceof ApiError && error.code === "NOT_LISTENING_HANDLER";
}

/**
 * What a person who does not handle cases sees at /escuta/casos, instead of a load error: who does,
 * and, for managers, where the quarter's counts are.
 */
export function NotHandlerPanel() {
  const viewer = useViewer();
  const seesReports = viewer.role === "manager" || viewer.role === "admin";
  return (
    <section
      aria-labelledby="escuta-nao-responsavel"
      className="space-y-3 rounded-lg border border-border bg-surface p-6"
    >
      <div className="flex items-center gap-3">
        <ShieldCheck aria-hidden className="size-7 text-primary" strokeWidth={1.75} />
        <h2 id="escuta-nao-responsavel" className="text-lg font-semibold">
          Os casos ficam só com quem foi nomeado para tratá-los
        </h2>
      </div>
      <p>
        Para proteger quem escreve, só as pessoas que o administrador do Sereno nomeou como responsáveis pelo canal de
        escuta da empresa (por exemplo, do RH ou da CIPA) leem e respondem os casos. Ser gestor não dá acesso a eles.
      </p>
      {seesReports ? (
        <p>
          A gestão acompanha o canal pelos números de cada trimestre, por categoria e situação, sem o texto dos casos.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {seesReports ? (
          <Link to="/reports" className={buttonClass("primary")}>
            Ver os números do trimestre em Relatórios
          </Link>
        ) : null}
        <Link to="/escuta" className={buttonClass("secondary")}>
          Escrever no canal de escuta
        </Link>
      </div>
    </section>
  );
}
