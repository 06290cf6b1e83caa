import { Lock } from "lucide-react";

/** The promise an invitee needs before joining (docs/design.md §4): their company sees anonymous aggregates only. */
export function PrivacyNote({ companyName }: { companyName: string }) {
  return (
    <div className="flex gap-3 rounded-md bg-surface-2 p-4 text-sm">
      <Lock aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" strokeWidth={1.75} />
      <p className="text-muted">
        <span className="font-medium text-fg">Seus check-ins são só seus.</span> A {companyName} vê apenas números
        agregados e anônimos da equipe, nunca as suas respostas ou anotações.{" "}
        <a
          href="/privacidade"
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-primary underline underline-offset-4"
        >
          Ler a Política de Privacidade<span className="sr-only"> (abre em nova aba)</span>
        </a>
      </p>
    </div>
  );
}
