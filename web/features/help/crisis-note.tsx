import { HeartHandshake, MessageCircle, Phone } from "lucide-react";
import { crisisLines } from "#core/support-card.ts";
import { buttonClass } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";

/** Where the menu's 'Precisa de ajuda agora?' lands (web/components/side-menu.tsx). */
const CRISIS_NOTE_ID = "ajuda-agora";

/** Sereno is not an emergency service (spec 2 /termos); the crisis lines belong on the help screen too. */
export function CrisisNote() {
  return (
    <section
      id={CRISIS_NOTE_ID}
      aria-labelledby="crise-titulo"
      className="flex flex-col gap-3 rounded-lg border-2 border-accent/60 bg-accent-soft p-5"
    >
      <div className="flex items-start gap-3">
        <HeartHandshake aria-hidden className="mt-0.5 size-6 shrink-0 text-accent" strokeWidth={1.75} />
        <div className="space-y-1">
          <h2 id="crise-titulo" className="text-lg font-semibold">
            Precisa de ajuda agora?
          </h2>
          <p className="text-sm leading-relaxed">
            O Sereno não é um serviço de emergência. Se você está em sofrimento intenso ou pensando em se machucar,
            ligue agora. Você não precisa passar por isso sozinho.
          </p>
        </div>
      </div>
      <ul className="flex flex-col gap-2">
        {crisisLines.map((line, index) => (
          <li key={line.number}>
            <a
              href={`tel:${line.number}`}
              className={cn(buttonClass(index === 0 ? "accent" : "secondary", "md"), "w-full justify-start")}
            >
              <Phone aria-hidden className="size-5 shrink-0" strokeWidth={1.75} />
              <span className="flex flex-col items-start text-left leading-tight">
                <span>
                  {line.name}: <strong className="font-semibold">{line.number}</strong>
                </span>
                <span className="text-xs font-normal">{line.detail}</span>
              </span>
            </a>
          </li>
        ))}
        <li>
          <a
            href={crisisLines[0].chatUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(buttonClass("secondary", "md"), "w-full justify-start")}
          >
            <MessageCircle aria-hidden className="size-5 shrink-0" strokeWidth={1.75} />
            Conversar por chat com o CVV (cvv.org.br)
            <span className="sr-only"> (abre em uma nova aba)</span>
          </a>
        </li>
      </ul>
    </section>
  );
}
