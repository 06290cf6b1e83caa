import { ArrowLeft, ShieldX } from "lucide-react";
import { Link } from "react-router";
import { messages } from "#core/messages.ts";
import { buttonClass } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";

/** What a manager or member sees on /admin/exercises (spec 2; docs/decisions/003): why, and the way back. */
export function ExerciseAdminRestricted() {
  return (
    <Card
      role="region"
      aria-labelledby="exercicios-restrito-titulo"
      className="mx-auto flex max-w-lg flex-col items-center gap-4 py-10 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-warning-soft text-warning">
        <ShieldX aria-hidden className="size-7" strokeWidth={1.75} />
      </span>
      <h2 id="exercicios-restrito-titulo" className="text-xl font-semibold">
        {messages.exerciseAdminOnly}
      </h2>
      <div className="space-y-2 text-muted">
        <p>Criar e excluir exercícios do catálogo é uma tarefa dos administradores da plataforma Sereno.</p>
        <p className="text-sm">Os exercícios disponíveis para você continuam na tela Exercícios.</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to="/dashboard" className={buttonClass("primary")}>
          <ArrowLeft aria-hidden className="size-4" /> Voltar ao Dashboard
        </Link>
        <Link to="/exercises" className={buttonClass("secondary")}>
          Ver exercícios
        </Link>
      </div>
    </Card>
  );
}
