/**
 * Apoio psicológico (issue 13, docs/decisions/025). Named careTexts: careMessages is the
 * care thread's table (server/db/schema/care.ts).
 */

export const careTexts = {
  psychologistNameRequired: "Informe o nome completo do(a) psicólogo(a)",
  crpInvalid: "Informe o número do CRP (por exemplo, 06/123456)",
  ufInvalid: "Escolha a UF do CRP",
  epsiDateInvalid: "Informe a data em que o cadastro e-Psi foi confirmado",
  psychologistNotFound: "Psicólogo(a) não encontrado(a).",
  availabilityFilterInvalid: "Escolha 'Hoje ou amanhã' ou 'Nos próximos 7 dias'.",
  slotInvalid: "Este horário não está na agenda do(a) psicólogo(a). Escolha um dos horários livres.",
  termsRequired: "Leia e aceite os termos do atendimento para confirmar.",
  careEmailRequired: "Digite seu e-mail pessoal ou escolha o e-mail da conta.",
  availabilityInvalid: "Confira os horários: o início deve ser antes do fim.",
  timeOffInvalid: "Confira o período: o início deve ser antes do fim.",
  timeOffRequired: "Informe o dia e a hora (hh:mm) do início e do fim da folga.",
  messageRequired: "Escreva uma mensagem",
  messageTooLong: "A mensagem pode ter no máximo 4.000 caracteres",
  careSettingsInvalid: "Informe de 0 a 100 sessões por ciclo.",
  sessionMinutesInvalid: "A sessão dura de 20 a 180 minutos.",
  bufferMinutesInvalid: "O intervalo entre sessões vai de 0 a 60 minutos.",
  replyHoursInvalid: "Informe um prazo de resposta de 1 a 168 horas (7 dias).",
  videoUrlInvalid: "Informe o link completo da sala, começando com https://, ou deixe vazio.",
} as const;
