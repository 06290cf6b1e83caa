/** The /sobre page's words: values, milestones and the (fictional) founding team. */
import { HeartHandshake, Leaf, Scale, ShieldCheck } from "lucide-react";
import type { Feature } from "./feature-card.tsx";
import type { TeamMember } from "./team-member-card.tsx";
import type { Milestone } from "./timeline.tsx";

export const values: Feature[] = [
  {
    icon: ShieldCheck,
    title: "Privacidade acima de tudo",
    description: "O que você registra é seu. Empresas só veem dados agregados e anônimos, sempre.",
  },
  {
    icon: HeartHandshake,
    title: "Cuidado sem culpa",
    description: "Lembretes gentis, nunca cobranças. Cada pessoa vai no seu ritmo, e tudo bem pular um dia.",
  },
  {
    icon: Leaf,
    title: "Simplicidade",
    description: "Um minuto por dia já faz diferença. Tiramos do caminho tudo o que complica.",
  },
  {
    icon: Scale,
    title: "Honestidade",
    description:
      "Não prometemos milagres: o Sereno apoia o cuidado do dia a dia e não substitui o acompanhamento profissional.",
  },
];

export const milestones: Milestone[] = [
  {
    year: "2022",
    title: "A ideia",
    description:
      "Depois de anos trabalhando com equipes remotas, nossos fundadores começam a desenhar uma forma simples e respeitosa de cuidar da saúde mental no trabalho.",
  },
  {
    year: "2023",
    title: "As primeiras empresas",
    description:
      "O Sereno é lançado em São Paulo com check-ins diários e exercícios guiados, ao lado das primeiras empresas parceiras.",
  },
  {
    year: "2024",
    title: "Relatórios anônimos para gestores",
    description:
      "Chegam os painéis da equipe, só com dados agregados e anônimos, e a biblioteca passa de 50 exercícios guiados.",
  },
  {
    year: "2025",
    title: "Mais de 1.200 empresas e equipes",
    description: "O Sereno passa a fazer parte da rotina de mais de 1.200 empresas e equipes pelo Brasil.",
  },
];

export const team: TeamMember[] = [
  {
    name: "Helena Duarte",
    role: "Cofundadora e CEO",
    bio: "Psicóloga, trabalhou por mais de dez anos com saúde no trabalho antes de criar o Sereno.",
  },
  {
    name: "Lucas Ferreira",
    role: "Cofundador e CTO",
    bio: "Engenheiro de software, cuida para que o Sereno seja simples, rápido e seguro para todo mundo.",
  },
  {
    name: "Beatriz Nogueira",
    role: "Cofundadora e líder de conteúdo",
    bio: "Psicóloga e instrutora de mindfulness, coordena os exercícios e os materiais da plataforma.",
  },
];
