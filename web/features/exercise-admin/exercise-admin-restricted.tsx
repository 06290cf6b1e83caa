import { ShieldX } from "lucide-react";
import { Link } from "react-router";
import { adminMessages } from "#core/admin-messages.ts";
import { RestrictedPanel } from "#web/components/restricted-panel.tsx";
import { buttonClass } from "#web/components/ui/button.tsx";

/** What a manager or member sees on /admin/exercises (spec 2): 'Acesso não autorizado'. */
export function ExerciseAdminRestricted() {
  return (
    <RestrictedPanel
      icon={ShieldX}
      title={adminMessages.exerciseAdminOnly}
      extraAction={
        <Link to="/exercises" className={buttonClass("secondary")}>
          Ver exercícios
        </Link>
      }
    >
      <p>Criar e excluir exercícios do catálogo é uma tarefa dos administradores da plataforma Sereno.</p>
      <p className="text-sm">Os exercícios disponíveis para você continuam na tela Exercícios.</p>
    </RestrictedPanel>
  );
}
