import { ArrowLeft, ShieldAlert, Users } from "lucide-react";
import { Link } from "react-router";
import { messages } from "#core/messages.ts";
import { type Role, roleLabels } from "#core/roles.ts";
import { buttonClass } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";

/** What a manager or member sees on /admin (spec 2; docs/decisions/003): why, and the way back. */
export function RestrictedPanel({ role }: { role: Role }) {
  return (
    <Card
      role="region"
      aria-labelledby="acesso-restrito-titulo"
      className="mx-auto flex max-w-lg flex-col items-center gap-4 py-10 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-warning-soft text-warning">
        <ShieldAlert aria-hidden className="size-7" strokeWidth={1.75} />
      </span>
      <h2 id="acesso-restrito-titulo" className="text-xl font-semibold">
        {messages.adminOnly}
      </h2>
      <div className="space-y-2 text-muted">
        <p>Esta área é exclusiva para os administradores da plataforma Sereno.</p>
        <p>
          Seu papel atual: <strong className="font-semibold text-fg">{roleLabels[role]}</strong>
        </p>
        <p className="text-sm">
          {role === "manager"
            ? "Para convidar ou remover pessoas da sua equipe, use a tela Equipe."
            : "Se precisar de ajuda com sua conta, a tela Ajuda tem os nossos contatos."}
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to="/dashboard" className={buttonClass("primary")}>
          <ArrowLeft aria-hidden className="size-4" /> Voltar ao Dashboard
        </Link>
        {role === "manager" ? (
          <Link to="/team" className={buttonClass("secondary")}>
            <Users aria-hidden className="size-4" /> Ir para Equipe
          </Link>
        ) : null}
      </div>
    </Card>
  );
}
