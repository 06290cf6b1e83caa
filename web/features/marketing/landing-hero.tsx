import { ShieldCheck, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "#web/components/ui/button.tsx";
import { TRIAL_DAYS } from "./claims.ts";
import { HeroPreview } from "./hero-preview.tsx";
import { WhatsAppButton } from "./whatsapp-button.tsx";

/** The landing's opening: value proposition for companies and people, the privacy promise and both calls. */
export function LandingHero() {
  return (
    <div className="relative overflow-hidden bg-linear-to-b from-primary-soft to-bg">
      <div
        aria-hidden
        className="pointer-events-none absolute -top-32 -left-32 size-96 rounded-full bg-surface opacity-60 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-16 sm:pt-20 sm:pb-24 lg:grid-cols-2 lg:gap-16">
        <div className="space-y-6">
          <p className="inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1 text-sm font-medium text-muted shadow-soft">
            <Sparkles aria-hidden className="size-4 text-accent" strokeWidth={1.75} />
            Bem-estar mental para equipes remotas e híbridas
          </p>
          <h1 className="text-balance text-4xl font-semibold tracking-tight sm:text-5xl lg:text-6xl">
            Cuidar da mente da sua equipe, <span className="text-primary">um minuto por dia.</span>
          </h1>
          <p className="text-pretty text-lg leading-relaxed text-muted sm:text-xl">
            O Sereno reúne check-ins de humor, exercícios guiados e relatórios anônimos em um só lugar. Quem trabalha
            ganha um espaço tranquilo para cuidar de si. A empresa entende como a equipe está, sem expor ninguém.
          </p>
          <p className="flex items-start gap-3 rounded-lg border border-primary/30 bg-surface p-4 text-sm leading-relaxed">
            <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" strokeWidth={1.75} />
            <span>
              <strong className="font-semibold">Privacidade de verdade:</strong> suas respostas são só suas. Sua empresa
              só vê dados agregados e anônimos.
            </span>
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <WhatsAppButton>Fale com a gente no WhatsApp</WhatsAppButton>
            <Link to="/login" className={buttonClass("secondary", "lg")}>
              Entrar
            </Link>
          </div>
          <p className="text-sm text-muted">
            {TRIAL_DAYS} dias grátis para a sua empresa experimentar. Planos a partir de R$ 299/mês.
          </p>
        </div>
        <HeroPreview className="lg:ml-auto" />
      </div>
    </div>
  );
}
