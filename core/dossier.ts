/**
 * The Lei 14.831/2024 dossier (issue 48 item 5, docs/decisions/094): the criteria of art. 3 as the law
 * writes them, the evidence Sereno holds for each, and the metrics a company may set goals on.
 */

/** Where a criterion's evidence comes from in Sereno. */
export type EvidenceSource =
  | "programmes"
  | "care"
  | "trainings"
  | "leaderTrainings"
  | "harassment"
  | "verdicts"
  | "actions"
  | "goals"
  | "notices"
  | "listening";

export type Criterion = { id: string; label: string; text: string; sources: readonly EvidenceSource[] };

/** Lei nº 14.831, de 27 de março de 2024, art. 3º (text and source in docs/decisions/094). */
export const law14831Article3: readonly Criterion[] = [
  {
    id: "I-a",
    label: "I, a",
    text: "implementação de programas de promoção da saúde mental no ambiente de trabalho;",
    sources: ["programmes"],
  },
  {
    id: "I-b",
    label: "I, b",
    text: "oferta de acesso a recursos de apoio psicológico e psiquiátrico para seus trabalhadores;",
    sources: ["care"],
  },
  {
    id: "I-c",
    label: "I, c",
    text: "promoção da conscientização sobre a importância da saúde mental por meio da realização de campanhas e de treinamentos;",
    sources: ["programmes", "trainings"],
  },
  {
    id: "I-d",
    label: "I, d",
    text: "promoção da conscientização direcionada à saúde mental da mulher;",
    sources: [],
  },
  { id: "I-e", label: "I, e", text: "capacitação de lideranças;", sources: ["leaderTrainings"] },
  {
    id: "I-f",
    label: "I, f",
    text: "realização de treinamentos específicos que abordem temas de saúde mental de maior interesse dos trabalhadores;",
    sources: ["programmes"],
  },
  {
    id: "I-g",
    label: "I, g",
    text: "combate à discriminação e ao assédio em todas as suas formas;",
    sources: ["harassment"],
  },
  {
    id: "I-h",
    label: "I, h",
    text: "avaliação e acompanhamento regular das ações implementadas e seus ajustes;",
    sources: ["verdicts"],
  },
  {
    id: "II",
    label: "II",
    text: "bem-estar dos trabalhadores: a) promoção de ambiente de trabalho seguro e saudável; b) incentivo ao equilíbrio entre a vida pessoal e a profissional; c) incentivo à prática de atividades físicas e de lazer; d) incentivo à alimentação saudável; e) incentivo à interação saudável no ambiente de trabalho; f) incentivo à comunicação integrativa;",
    sources: ["actions"],
  },
  {
    id: "III-a",
    label: "III, a",
    text: "divulgação regular das ações e das políticas relacionadas à promoção da saúde mental e do bem-estar de seus trabalhadores nos meios de comunicação utilizados pela empresa;",
    sources: ["notices"],
  },
  {
    id: "III-b",
    label: "III, b",
    text: "manutenção de canal para recebimento de sugestões e de avaliações;",
    sources: ["listening"],
  },
  {
    id: "III-c",
    label: "III, c",
    text: "promoção do desenvolvimento de metas e análises periódicas dos resultados relacionados à implementação das ações de saúde mental.",
    sources: ["goals"],
  },
];

export const LAW_14831_SOURCE = "Lei nº 14.831, de 27 de março de 2024, art. 3º (DOU de 28/03/2024)";

/** The metrics a goal may follow: Resultados' released figures and the NR-1 actions' verdicts. */
export const goalMetrics = {
  adesao_ativa: { label: "Pessoas ativas no mês (Resultados)", source: "Resultados" },
  who5_media: { label: "Bem-estar médio WHO-5 no trimestre (Resultados)", source: "Resultados" },
  espera_cuidado: { label: "Espera mediana pelo cuidado, em dias (Resultados)", source: "Resultados" },
  melhora_cuidado: { label: "Melhora confiável no cuidado (Resultados)", source: "Resultados" },
  acoes_eficazes: { label: "Ações do NR-1 julgadas eficazes", source: "NR-1" },
  acoes_concluidas: { label: "Ações do NR-1 concluídas no prazo", source: "NR-1" },
} as const;

export type GoalMetric = keyof typeof goalMetrics;
export const goalMetricIds = Object.keys(goalMetrics) as [GoalMetric, ...GoalMetric[]];

/** How often a goal is reviewed, in months. */
export const reviewIntervals = [3, 6, 12] as const;
