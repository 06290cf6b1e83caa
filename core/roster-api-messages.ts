/** The pt-BR texts of the API for HR systems (issue 33, docs/decisions/044), shared by server and web. */

export const rosterApiMessages = {
  keyMissing:
    "Envie a chave de API no cabeçalho Authorization: Bearer sereno_live_… (crie uma em Equipe › Importar pessoas).",
  keyInvalid: "Chave de API inválida ou revogada. Crie outra em Equipe › Importar pessoas.",
  tooManyRequests: (max: number, seconds: number) =>
    `Limite de ${max} chamadas por minuto desta chave atingido. Tente de novo em ${seconds} s.`,
  idempotencyMismatch:
    "Esta Idempotency-Key já foi usada com outro conteúdo nas últimas 24 horas. Use uma chave nova para outra chamada.",
  idempotencyRunning: "Uma chamada com esta Idempotency-Key ainda está em andamento. Tente de novo em instantes.",
  idempotencyKeyInvalid: "A Idempotency-Key deve ter de 1 a 200 caracteres visíveis.",
  personNotFound: "Não há pessoa ativa com esta matrícula no cadastro da empresa.",
  allowanceInvalid: "Informe quantas pessoas a mais liberar: um número inteiro de 1 a 20.000.",
  /** docs/decisions/057: the HR API's daily cap on new people. */
  additionsCapped: (counts: { cap: number; added: number; allowed: number; people: number }) =>
    `Adições pausadas: a API de RH já adicionou ${counts.added} pessoas nas últimas 24 horas e o limite do dia é ${counts.cap + counts.allowed}${counts.allowed > 0 ? ` (${counts.cap} e mais ${counts.allowed} liberadas)` : ""}; este envio traria ${counts.people}. Peça ao suporte do Sereno para liberar mais, ou importe o arquivo em Equipe › Importar pessoas.`,
  /** docs/decisions/085: past the cap a PUT's new person is held for the manager to confirm (202). */
  heldPastCap: (counts: { cap: number; added: number; allowed: number }) =>
    `Pessoa recebida e guardada para confirmação: a API de RH já adicionou ${counts.added} pessoas nas últimas 24 horas e o limite do dia é ${counts.cap + counts.allowed}. Ela será criada, e convidada, quando quem gerencia a empresa confirmar em Equipe › Importar pessoas.`,
  heldNotFound: "Estas pessoas já não estão aguardando confirmação. Atualize a página.",
  heldNoneChosen: "Escolha ao menos uma pessoa.",
  heldTooMany: "Confirme ou descarte até 500 pessoas por vez.",
  heldConfirmed: (created: number) =>
    created === 1
      ? "1 pessoa confirmada e adicionada ao cadastro."
      : `${created} pessoas confirmadas e adicionadas ao cadastro.`,
  heldDiscarded: (count: number) =>
    count === 1
      ? "1 pessoa descartada: ela não entra no cadastro."
      : `${count} pessoas descartadas: elas não entram no cadastro.`,
  syncNotFound: "Sincronização não encontrada.",
  syncBodyMissing: "Envie o arquivo completo: um CSV no corpo (Content-Type: text/csv) ou em multipart no campo file.",
  // The management screen (Equipe › Importar pessoas › Integração com o sistema de RH).
  keyNameRequired: "Dê um nome à chave (por exemplo, Gupy produção).",
  keyNameTooLong: "Nome longo demais (até 60 caracteres).",
  keyNotFound: "Chave não encontrada.",
  keyAlreadyRevoked: "Esta chave já foi revogada.",
  keyCreated: "Chave criada. Copie agora: ela não será mostrada de novo.",
  keyRevoked: "Chave revogada. As próximas chamadas com ela serão recusadas.",
  keysTooMany: "Esta empresa já tem 10 chaves ativas. Revogue uma antes de criar outra.",
} as const;

/** A full file past the guardrail, said to an HR system: what it would do, and how to go ahead anyway. */
/** A DELETE past the guardrail: departures count over 24 hours (docs/decisions/057). */
export function leaverGuardrailMessage(counts: { active: number; leftRecently: number }): string {
  return `Desligamento parado para conferência: com este, ${counts.leftRecently + 1} de ${counts.active} pessoas teriam saído nas últimas 24 horas (mais de 40%). Para desligar mesmo assim, envie de novo com ?confirmacao=CONFIRMAR.`;
}

export function syncGuardrailMessage(counts: {
  active: number;
  leaving: number;
  leftRecently: number;
  matriculaChanges: number;
}): string {
  const recent = counts.leftRecently > 0 ? `, além de ${counts.leftRecently} que já saíram nas últimas 24 horas,` : "";
  return `Sincronização parada para conferência: ${counts.leaving} de ${counts.active} pessoas sairiam${recent} e ${counts.matriculaChanges} matrículas mudariam. Confira o arquivo; para aplicar mesmo assim, envie de novo com ?confirmacao=CONFIRMAR.`;
}
