import { CircleCheck } from "lucide-react";
import { buttonClass } from "#web/components/ui/button.tsx";
import { CallToAction } from "#web/features/marketing/call-to-action.tsx";
import { FeatureBlock } from "#web/features/marketing/feature-block.tsx";
import { MarketingSection } from "#web/features/marketing/marketing-section.tsx";
import { PageHero } from "#web/features/marketing/page-hero.tsx";
import { ResourceCard } from "#web/features/marketing/resource-card.tsx";
import { freeResources, resourceFeatures, results } from "#web/features/marketing/resources-content.ts";
import { SectionHeading } from "#web/features/marketing/section-heading.tsx";
import { WhatsAppButton } from "#web/features/marketing/whatsapp-button.tsx";
import { shareMeta } from "#web/lib/share-meta.ts";

export function meta() {
  return shareMeta({
    title: "Recursos | Sereno",
    description:
      "Check-ins diários, exercícios de mindfulness, análises anônimas da equipe e materiais gratuitos: conheça os recursos do Sereno.",
    path: "/recursos",
  });
}

export default function RecursosPage() {
  return (
    <>
      <PageHero
        eyebrow="Recursos"
        title="Tudo o que o Sereno oferece para a sua equipe"
        description="Ferramentas simples para cuidar da mente no dia a dia de trabalho, com privacidade de verdade: sua empresa só vê dados agregados e anônimos."
      >
        <WhatsAppButton>Falar com o time de vendas</WhatsAppButton>
        <a href="#materiais" className={buttonClass("secondary", "lg")}>
          Ver materiais gratuitos
        </a>
      </PageHero>

      <MarketingSection id="funcionalidades">
        <SectionHeading
          id="funcionalidades"
          eyebrow="Funcionalidades"
          title="Oito formas de cuidar, do check-in ao relatório"
          description="Algumas já fazem parte de todos os planos; outras são combinadas com a sua empresa ou chegam em breve. A gente sempre deixa claro qual é qual."
        />
        <ul aria-labelledby="funcionalidades-titulo" className="mt-12 grid gap-6 lg:grid-cols-2">
          {resourceFeatures.map((feature) => (
            <FeatureBlock key={feature.title} feature={feature} />
          ))}
        </ul>
      </MarketingSection>

      <MarketingSection id="resultados" tone="surface" className="grid gap-10 lg:grid-cols-2 lg:items-center">
        <SectionHeading
          id="resultados"
          align="start"
          eyebrow="Resultados"
          title="O que as empresas contam depois de começar"
          description="Cuidar da saúde mental não é uma corrida. Mas pequenos hábitos diários somam, e as equipes percebem."
        />
        <ul aria-labelledby="resultados-titulo" className="space-y-4">
          {results.map((result) => (
            <li key={result} className="flex items-start gap-3 rounded-lg border border-border bg-bg p-4">
              <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" strokeWidth={2} />
              <span className="leading-relaxed">{result}</span>
            </li>
          ))}
        </ul>
      </MarketingSection>

      <MarketingSection id="materiais">
        <SectionHeading
          id="materiais"
          eyebrow="Materiais gratuitos"
          title="Para começar a conversa na sua empresa"
          description="Três materiais gratuitos para líderes, RH e para quem quer cuidar de si. Peça pelo WhatsApp e a gente envia."
        />
        <ul aria-labelledby="materiais-titulo" className="mt-12 grid gap-6 md:grid-cols-3">
          {freeResources.map((resource) => (
            <ResourceCard key={resource.kind} resource={resource} />
          ))}
        </ul>
      </MarketingSection>

      <CallToAction
        id="vendas"
        title="Quer ver o Sereno funcionando na sua empresa?"
        description="Nosso time de vendas mostra a plataforma, tira suas dúvidas e ajuda a escolher o plano certo. Tudo começa com 14 dias grátis."
        buttonLabel="Falar com o time de vendas"
        className="pt-0 sm:pt-0"
      />
    </>
  );
}
