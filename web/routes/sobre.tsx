import { Mail, MapPin, MessageCircle } from "lucide-react";
import { milestones, team, values } from "#web/features/marketing/about-content.ts";
import { FeatureCard } from "#web/features/marketing/feature-card.tsx";
import { MarketingSection } from "#web/features/marketing/marketing-section.tsx";
import { PageHero } from "#web/features/marketing/page-hero.tsx";
import { SectionHeading } from "#web/features/marketing/section-heading.tsx";
import { TeamMemberCard } from "#web/features/marketing/team-member-card.tsx";
import { Timeline } from "#web/features/marketing/timeline.tsx";
import { WhatsAppButton } from "#web/features/marketing/whatsapp-button.tsx";
import { shareMeta } from "#web/lib/share-meta.ts";

export function meta() {
  return shareMeta({
    title: "Sobre nós | Sereno",
    description:
      "Conheça a missão, os valores, a história e as pessoas por trás do Sereno, plataforma de bem-estar mental no trabalho feita em São Paulo.",
    path: "/sobre",
  });
}

const contactCard = "flex flex-col gap-3 rounded-xl border border-border bg-surface p-6 shadow-soft";
const contactIcon = "flex size-11 items-center justify-center rounded-lg bg-primary-soft text-primary";

export default function SobrePage() {
  return (
    <>
      <PageHero
        eyebrow="Sobre nós"
        title="Cuidar de quem trabalha é o nosso trabalho"
        description="O Sereno nasceu em São Paulo da vontade de tornar o cuidado com a saúde mental parte natural da rotina de trabalho, com respeito e privacidade."
      />

      <MarketingSection id="missao" className="grid gap-10 lg:grid-cols-2 lg:items-center">
        <div className="space-y-5">
          <SectionHeading
            id="missao"
            align="start"
            eyebrow="Nossa missão"
            title="Tornar o cuidado com a mente parte do dia de trabalho"
          />
          <p className="text-lg leading-relaxed text-muted">
            Muita gente passa o dia entre reuniões e mensagens sem um minuto para perceber como está. A gente acredita
            que pequenos hábitos, repetidos com carinho, mudam a forma como as pessoas se sentem no trabalho.
          </p>
          <p className="text-lg leading-relaxed text-muted">
            Por isso criamos um espaço tranquilo para cada pessoa cuidar de si, e uma visão respeitosa para que as
            empresas apoiem suas equipes sem nunca expor ninguém.
          </p>
        </div>
        <div className="rounded-2xl border border-primary/30 bg-primary-soft p-8 sm:p-10">
          <p className="text-balance text-2xl font-medium leading-snug sm:text-3xl">
            “Ajudar cada pessoa a cuidar da própria mente no trabalho, e cada empresa a cuidar de quem faz parte dela.”
          </p>
          <p className="mt-6 text-sm font-medium text-primary">A missão do Sereno</p>
        </div>
      </MarketingSection>

      <MarketingSection id="valores" tone="surface">
        <SectionHeading id="valores" eyebrow="Valores" title="O que guia as nossas escolhas" />
        <ul aria-labelledby="valores-titulo" className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {values.map((value) => (
            <FeatureCard key={value.title} feature={value} />
          ))}
        </ul>
      </MarketingSection>

      <MarketingSection id="historia" className="grid gap-10 lg:grid-cols-[1fr_2fr]">
        <SectionHeading
          id="historia"
          align="start"
          eyebrow="Nossa história"
          title="De uma ideia a mais de 1.200 empresas e equipes"
          className="lg:sticky lg:top-24 lg:self-start"
        />
        <Timeline milestones={milestones} labelledBy="historia-titulo" />
      </MarketingSection>

      <MarketingSection id="equipe" tone="surface">
        <SectionHeading
          id="equipe"
          eyebrow="Equipe"
          title="As pessoas por trás do Sereno"
          description="Psicologia e tecnologia lado a lado, com o mesmo cuidado que queremos levar para a sua equipe."
        />
        <ul aria-labelledby="equipe-titulo" className="mt-12 grid gap-6 md:grid-cols-3">
          {team.map((member) => (
            <TeamMemberCard key={member.name} member={member} />
          ))}
        </ul>
      </MarketingSection>

      <MarketingSection id="contato">
        <SectionHeading
          id="contato"
          eyebrow="Contato"
          title="Fale com a gente"
          description="Quer levar o Sereno para a sua empresa ou tem alguma dúvida? A gente responde com calma e de verdade."
        />
        <address className="mt-12 grid gap-6 not-italic md:grid-cols-3">
          <div className={contactCard}>
            <span className={contactIcon}>
              <Mail aria-hidden className="size-5" strokeWidth={1.75} />
            </span>
            <h3 className="font-semibold">E-mail</h3>
            <a
              href="mailto:contato@sereno.com.br"
              className="inline-flex min-h-11 items-center font-medium text-primary underline-offset-4 hover:underline"
            >
              contato@sereno.com.br
            </a>
          </div>
          <div className={contactCard}>
            <span className={contactIcon}>
              <MessageCircle aria-hidden className="size-5" strokeWidth={1.75} />
            </span>
            <h3 className="font-semibold">WhatsApp</h3>
            <WhatsAppButton size="md" className="self-start">
              Conversar no WhatsApp
            </WhatsAppButton>
          </div>
          <div className={contactCard}>
            <span className={contactIcon}>
              <MapPin aria-hidden className="size-5" strokeWidth={1.75} />
            </span>
            <h3 className="font-semibold">Onde estamos</h3>
            <p>
              São Paulo/SP
              <br />
              <span className="text-muted">Atendemos empresas de todo o Brasil, de forma remota.</span>
            </p>
          </div>
        </address>
      </MarketingSection>
    </>
  );
}
