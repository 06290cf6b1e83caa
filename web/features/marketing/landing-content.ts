/** The landing's words: its eight features, four steps and three (fictional, modest) testimonials. */
import {
  BookOpen,
  Building2,
  CalendarClock,
  ChartColumn,
  HeartHandshake,
  HeartPulse,
  Mail,
  ShieldCheck,
  Smile,
  Trophy,
  Wind,
} from "lucide-react";
import { SESSION_MINUTES, TRIAL_DAYS } from "./claims.ts";
import type { Feature } from "./feature-card.tsx";
import type { Step } from "./how-it-works.tsx";
import type { Testimonial } from "./testimonial-card.tsx";

export const landingFeatures: Feature[] = [
  {
    icon: HeartPulse,
    title: "Check-ins diários",
    description:
      "Em menos de um minuto, você registra como está numa escala de 1 a 5, com espaço para anotações só suas.",
  },
  {
    icon: Wind,
    title: "Exercícios guiados",
    description: `Mais de 50 práticas de respiração, meditação, movimento e foco, com sessões de ${SESSION_MINUTES} minutos.`,
  },
  {
    icon: BookOpen,
    title: "Conteúdo exclusivo",
    description: "Artigos e materiais que se desbloqueiam conforme você pratica. Cada passo conta.",
  },
  {
    icon: Trophy,
    title: "XP e níveis",
    description: "Cada check-in e cada exercício rendem XP. Você sobe de nível e vê sua evolução, sem pressão.",
  },
  {
    icon: ChartColumn,
    title: "Painel da equipe",
    description: "Gestores acompanham o humor médio e a participação da equipe, sempre com dados agregados e anônimos.",
  },
  {
    icon: ShieldCheck,
    title: "Privacidade de verdade",
    description: "Suas respostas individuais nunca chegam à empresa. Seus dados são tratados conforme a LGPD.",
  },
  {
    icon: CalendarClock,
    title: "Sessões agendadas",
    description: "Encontros em grupo com especialistas, marcados no melhor horário para a equipe.",
  },
  {
    icon: HeartHandshake,
    title: "Consultas com psicólogos",
    description:
      "Atendimento individual e confidencial com psicólogos verificados, agendado pela própria pessoa, com sessões pagas pela empresa.",
  },
];

export const landingSteps: Step[] = [
  {
    icon: Building2,
    title: "A empresa escolhe um plano",
    description: `Comece com ${TRIAL_DAYS} dias grátis. A gente ajuda a configurar tudo, sem complicação.`,
  },
  {
    icon: Mail,
    title: "A equipe recebe o convite",
    description: "Cada pessoa recebe um e-mail, cria a própria senha e já pode começar.",
  },
  {
    icon: Smile,
    title: "Um minuto por dia",
    description: "Check-in de humor, exercícios curtos e conteúdos que se desbloqueiam com a prática.",
  },
  {
    icon: ChartColumn,
    title: "A empresa enxerga o todo",
    description: "Relatórios agregados e anônimos mostram como a equipe está, sem expor ninguém.",
  },
];

export const landingTestimonials: Testimonial[] = [
  {
    quote:
      "Eu queria entender como a equipe estava sem invadir a privacidade de ninguém. Os relatórios anônimos me ajudaram a puxar conversas melhores nas reuniões.",
    name: "Camila",
    role: "Coordenadora de RH",
    company: "empresa de logística",
  },
  {
    quote:
      "O check-in leva menos de um minuto. Virou parte do meu café da manhã, e hoje percebo mais cedo quando preciso de uma pausa.",
    name: "Rafael",
    role: "Desenvolvedor",
    company: "startup de tecnologia",
  },
  {
    quote:
      "Os exercícios de respiração cabem entre uma reunião e outra. Não resolvem tudo, mas deixam o dia bem mais leve.",
    name: "Juliana",
    role: "Gerente de projetos",
    company: "agência de comunicação",
  },
];
