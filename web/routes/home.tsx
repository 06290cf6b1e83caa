import { RotateCcw } from "lucide-react";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { messages } from "#core/messages.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { CallToAction } from "#web/features/marketing/call-to-action.tsx";
import { TRIAL_DAYS } from "#web/features/marketing/claims.ts";
import { ClaimsStrip } from "#web/features/marketing/claims-strip.tsx";
import { FeatureCard } from "#web/features/marketing/feature-card.tsx";
import { HowItWorks } from "#web/features/marketing/how-it-works.tsx";
import { landingFeatures, landingSteps, landingTestimonials } from "#web/features/marketing/landing-content.ts";
import { LandingHero } from "#web/features/marketing/landing-hero.tsx";
import { MarketingSection } from "#web/features/marketing/marketing-section.tsx";
import { PricingPlans } from "#web/features/marketing/pricing-plans.tsx";
import { SectionHeading } from "#web/features/marketing/section-heading.tsx";
import { TestimonialCard } from "#web/features/marketing/testimonial-card.tsx";
import { useMe } from "#web/lib/session.ts";
import { shareMeta } from "#web/lib/share-meta.ts";

export function meta() {
  return shareMeta({
    title: "Bem-estar mental no trabalho | Sereno",
    description:
      "Check-ins diários, exercícios guiados e relatórios anônimos para cuidar do bem-estar da sua equipe. Teste grátis por 14 dias.",
    path: "/",
  });
}

export default function Home() {
  const me = useMe();
  const navigate = useNavigate();

  useEffect(() => {
    if (me.data) navigate("/dashboard", { replace: true });
  }, [me.data, navigate]);

  return (
    <>
      {me.isError ? (
        <div className="mx-auto max-w-6xl px-4 pt-6">
          <Alert tone="error" title={messages.authCheckError}>
            <div className="mt-1 flex flex-wrap items-center gap-3">
              <span>Você pode continuar navegando normalmente.</span>
              <Button variant="secondary" onClick={() => me.refetch()} disabled={me.isFetching}>
                <RotateCcw aria-hidden className="size-4" /> Tentar novamente
              </Button>
            </div>
          </Alert>
        </div>
      ) : null}

      <LandingHero />

      <div className="mx-auto max-w-6xl px-4">
        <ClaimsStrip label="O Sereno em números" />
      </div>

      <MarketingSection id="funcionalidades">
        <SectionHeading
          id="funcionalidades"
          eyebrow="Funcionalidades"
          title="Tudo o que sua equipe precisa para cuidar da mente"
          description="Ferramentas simples para o dia a dia de quem trabalha, e uma visão clara e respeitosa para quem cuida da equipe."
        />
        <ul aria-labelledby="funcionalidades-titulo" className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {landingFeatures.map((feature) => (
            <FeatureCard key={feature.title} feature={feature} />
          ))}
        </ul>
      </MarketingSection>

      <MarketingSection id="como-funciona" tone="surface">
        <SectionHeading
          id="como-funciona"
          eyebrow="Como funciona"
          title="Do convite ao cuidado diário, em quatro passos"
          description="Sem instalação e sem treinamento longo. Em poucos dias, sua equipe já está usando."
        />
        <div className="mt-12">
          <HowItWorks steps={landingSteps} labelledBy="como-funciona-titulo" />
        </div>
      </MarketingSection>

      <MarketingSection id="depoimentos">
        <SectionHeading
          id="depoimentos"
          eyebrow="Depoimentos"
          title="Quem usa, conta"
          description="Pessoas de empresas diferentes contam como o Sereno entrou na rotina."
        />
        <div className="mt-12 grid gap-6 lg:grid-cols-3">
          {landingTestimonials.map((testimonial) => (
            <TestimonialCard key={testimonial.name} testimonial={testimonial} />
          ))}
        </div>
      </MarketingSection>

      <MarketingSection id="planos" tone="surface">
        <SectionHeading
          id="planos"
          eyebrow="Planos"
          title="Planos simples, do tamanho da sua equipe"
          description={`Experimente grátis por ${TRIAL_DAYS} dias. Depois, é só escolher o plano que combina com o tamanho da sua equipe.`}
        />
        <div className="mt-12">
          <PricingPlans />
        </div>
      </MarketingSection>

      <CallToAction
        id="comece"
        title="Que tal começar esta semana?"
        description={`Conte um pouco sobre a sua empresa pelo WhatsApp. A gente responde, tira suas dúvidas e prepara o seu teste grátis de ${TRIAL_DAYS} dias.`}
        buttonLabel="Conversar no WhatsApp"
        showLogin
      />
    </>
  );
}
