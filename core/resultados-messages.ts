/** pt-BR texts of Resultados (issue 47, docs/decisions/088), shared by the server, the documents and the page. */
export const resultadosMessages = {
  title: "Resultados",
  caveat:
    "Sem um grupo de comparação, uma mudança de antes para depois superestima o efeito do Sereno: parte dela viria de qualquer forma (com o tempo, com a estação, com mudanças na empresa). Leia cada número junto com o seu n, a sua taxa de resposta e a sua margem.",
  hiddenFew: (k: number) => `Oculto para proteger o anonimato: menos de ${k} pessoas neste período.`,
  hiddenCare: (k: number) => `Os números de cuidado aparecem para a empresa inteira, a partir de ${k} pessoas.`,
  hiddenNoBaseline: "A mudança aparece a partir do segundo trimestre com respostas.",
  hiddenMood: "O humor do trimestre aparece quando os dias ou os meses dele tiverem números publicados.",
  nr1Pending: "Disponível quando uma segunda pesquisa for encerrada.",
  availableFrom: (day: string) => `Disponível a partir de ${day}.`,
  // The aggregate-only feed's key (Resultados › Power BI e Excel).
  keyMissing:
    "Envie a chave do painel no cabeçalho Authorization: Bearer sereno_bi_… (crie uma em Resultados › Power BI e Excel).",
  keyInvalid: "Chave do painel inválida ou revogada. Crie outra em Resultados › Power BI e Excel.",
} as const;

/** The names of the figures, as the page, the PDF, the XLSX and the feed write them. */
export const resultadoLabels = {
  adoption: "Adesão e uso",
  wellbeing: "Bem-estar",
  care: "Cuidado",
  eligible: "Elegíveis (cadastro)",
  activated: "Ativaram a conta",
  active: "Ativos no mês (check-in ou exercício)",
  steady: "Ativos em 3 das 4 semanas",
  who5: "Índice de Bem-Estar (WHO-5), média 0–100",
  mood: "Humor médio do trimestre (1 a 5)",
  change: "Mudança de cada pessoa desde o primeiro trimestre, em pontos",
  waitMedianDays: "Dias do primeiro pedido à primeira sessão (mediana)",
  sessionsPerPerson: "Sessões por pessoa em atendimento",
  reliableImprovement: "Melhora confiável (PHQ-9 ≥ 6 ou GAD-7 ≥ 4 pontos a menos)",
  recovery: "Recuperação (de PHQ-9 ≥ 10 ou GAD-7 ≥ 8 para abaixo dos dois)",
  nr1: "NR-1",
  nr1Before: "índice de risco antes (0–100)",
  nr1After: "índice de risco depois (0–100)",
  nr1Change: "variação do índice de risco, em pontos",
} as const;

/** The instruments' sources, cited in the method note of every document (docs/decisions/088). */
export const resultadosMethod = [
  "Índice de Bem-Estar (WHO-5): Psychiatric Research Unit, WHO Collaborating Centre in Mental Health, Frederiksborg General Hospital (Dinamarca); versão em português do Brasil validada por de Souza & Hidalgo (2012).",
  "PHQ-9 (Kroenke, Spitzer & Williams, 2001) e GAD-7 (Spitzer et al., 2006), nas versões em português do Brasil publicadas pela Pfizer; respondidos dentro do cuidado, nunca lidos pela empresa um a um.",
  "Melhora confiável e recuperação: definições do NHS Talking Therapies (antigo IAPT), Measuring recovery, NHS England.",
  "Cada número passa pela camada de divulgação do Sereno: períodos encerrados, um valor por pessoa, ruído sorteado uma vez e guardado, margem de 90 %, grupo mínimo por camada.",
] as const;
