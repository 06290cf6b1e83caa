import { ShieldAlert, Users } from "lucide-react";
import { Link } from "react-router";
import { adminMessages } from "#core/admin-messages.ts";
import { type Role, roleLabels } from "#core/roles.ts";
import { RestrictedPanel } from "#web/components/restricted-panel.tsx";
import { buttonClass } from "#web/components/ui/button.tsx";

/** What a manager or member sees on /admin (spec 2): 'Acesso Restrito' and their current role. */
export function AdminRestricted({ role }: { role: Role }) {
  return (
    <RestrictedPanel
      icon={ShieldAlert}
      title={adminMessages.adminOnly}
      extraAction={
        role === "manager" ? (
          <Link to="/team" className={buttonClass("secondary")}>
            <Users aria-hidden className="size-4" /> Ir para Equipe
          </Link>
        ) : null
      }
    >
      <p>Esta área é exclusiva para os administradores da plataforma Sereno.</p>
      <p>
        Seu papel atual: <strong className="font-semibold text-fg">{roleLabels[role]}</strong>
      </p>
      <p className="text-sm">
        {role === "manager"
          ? "Para convidar ou remover pessoas da sua equipe, use a tela Equipe."
          : "Se precisar de ajuda com sua conta, a tela Ajuda tem os nossos contatos."}
      </p>
    </RestrictedPanel>
  );
}
