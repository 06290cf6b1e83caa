/**
 * The /recursos page's words. Workshops are sold on request; group sessions
 * exist (docs/decisions/024), individual consultations not yet: the badges say so. 'Insights da equipe' are
 * statistics (docs/decisions/019), and the card says so.
 */
import {
  BookOpenText,
  CalendarClock,
  ChartColumn,
  ChartLine,
  FileText,
  HeartPulse,
  MessagesSquare,
  MonitorPlay,
  Presentation,
  ShieldCheck,
  Wind,
} from "lucide-react";
import { SESSION_MINUTES } from "./claims.ts";
import type { FeatureDetail } from "./feature-block.tsx";
import type { FreeResource } from "./resource-card.tsx";

export const resourceFeatures: FeatureDetail[] = [
  {
    icon: HeartPulse,
    title: "Check-ins diários",
    description:
      "Um momento rápido para perceber como você está. Você escolhe seu humor numa escala de 1 a 5 e, se quiser, escreve uma anotação só sua.",
    points: [
      "Escala de Muito Baixo a Ótimo, com ícones e palavras",
      "Calendário mensal com o seu histórico",
      "+50 XP a cada check-in",
    ],
  },
  {
    icon: Wind,
    title: "Exercícios de mindfulness",
    description:
      "Mais de 50 práticas guiadas de respiração, meditação, movimento, foco e alívio do estresse, para fazer quando precisar.",
    points: [
      `Sessões de ${SESSION_MINUTES} minutos`,
      "Novos exercícios conforme você sobe de nível",
      "XP a cada exercício concluído",
    ],
  },
  {
    icon: Presentation,
    title: "Workshops interativos",
    description:
      "Encontros on-line com especialistas sobre estresse, sono, limites e comunicação, planejados junto com a sua empresa.",
    points: ["Pensados para equipes remotas e híbridas", "Temas escolhidos a partir do que a equipe precisa"],
    badge: "Sob consulta",
  },
  {
    icon: ChartColumn,
    title: "Análises da equipe",
    description:
      "Gestores acompanham o humor médio e a participação da equipe ao longo do tempo, sempre com dados agregados e anônimos.",
    points: [
      "Visões de 7, 30 e 90 dias",
      "Ações recomendadas quando a participação cai",
      "Exportação em CSV para o RH",
    ],
  },
  {
    icon: CalendarClock,
    title: "Sessões agendadas",
    description:
      "Workshops e grupos de apoio com especialistas, com inscrição, lista de espera e lembretes, direto na plataforma. Consultas individuais chegam em breve.",
    points: ["Convite para a agenda de cada pessoa", "Grupos de apoio com sigilo: a empresa só vê números"],
  },
  {
    icon: MessagesSquare,
    title: "Suporte assíncrono",
    description:
      "Escreva para o nosso time quando for melhor para você, pelo WhatsApp ou por e-mail, sem precisar marcar horário.",
    points: ["Atendimento em português, por pessoas de verdade", "Ajuda com acesso, convites e configurações"],
  },
  {
    icon: ShieldCheck,
    title: "Privacidade em primeiro lugar",
    description:
      "O que você registra é seu. A empresa nunca vê respostas individuais, só números agregados e anônimos.",
    points: [
      "Indicadores só aparecem para grupos de 5 pessoas ou mais",
      "Dados tratados conforme a LGPD",
      "Você pode pedir uma cópia ou a exclusão dos seus dados",
    ],
  },
  {
    icon: ChartLine,
    title: "Insights da equipe",
    description:
      "Testes estatísticos sobre os números do grupo apontam padrões, como a participação caindo ou segundas-feiras mais pesadas, cada um com o grau de certeza. Não é inteligência artificial.",
    points: [
      "Só com dias publicados e anônimos: um padrão que dependeria de um dia oculto não aparece",
      "Ações recomendadas em ordem, da mais certa para a menos certa",
      "Resumo semanal por e-mail para gestores, às segundas",
    ],
  },
];

export const results = [
  "40% de redução de burnout relatada pelas equipes que usam o Sereno",
  "95% de satisfação entre as pessoas que usam a plataforma",
  "Mais de 1.200 empresas e equipes já cuidam do bem-estar com o Sereno",
  "Mais de 50 exercícios guiados para escolher",
  `Pausas que cabem na rotina: sessões de ${SESSION_MINUTES} minutos`,
];

export const freeResources: FreeResource[] = [
  {
    icon: FileText,
    kind: "Guia",
    title: "Guia prático: bem-estar em equipes remotas",
    description:
      "Passos simples para líderes criarem uma rotina de cuidado, com ideias para reuniões, pausas e conversas difíceis.",
    buttonLabel: "Quero receber o guia",
    message: "Olá! Quero receber o guia prático de bem-estar em equipes remotas do Sereno.",
  },
  {
    icon: MonitorPlay,
    kind: "Webinar",
    title: "Webinar: como falar de saúde mental no trabalho",
    description: "Uma conversa gravada com especialistas sobre acolhimento, limites e sinais de sobrecarga.",
    buttonLabel: "Quero assistir ao webinar",
    message: "Olá! Quero assistir ao webinar do Sereno sobre saúde mental no trabalho.",
  },
  {
    icon: BookOpenText,
    kind: "E-book",
    title: "E-book: pequenas pausas, grandes diferenças",
    description: "Exercícios de respiração e atenção plena para fazer em 5 minutos, entre uma tarefa e outra.",
    buttonLabel: "Quero receber o e-book",
    message: "Olá! Quero receber o e-book de pausas do Sereno.",
  },
];
