/** The Canal de escuta's pt-BR texts (issue 35). */
export const listeningMessages = {
  bodyRequired: "Escreva sua mensagem.",
  bodyTooLong: "A mensagem pode ter até 5.000 caracteres.",
  categoryRequired: "Escolha uma categoria.",
  categoryOfKind: "Essa categoria não pertence ao tipo escolhido.",
  protocolInvalid: "Confira o protocolo: ele tem o formato ESC-XXXX-XXXX.",
  secretInvalid: "Confira a senha do caso: são 4 grupos de 4 letras e números.",
  caseNotFound: "Não encontramos um caso com esse protocolo e essa senha.",
  handlerCaseNotFound: "Caso não encontrado.",
  notHandler: "Só quem a empresa nomeou para o canal de escuta vê os casos.",
  handlerNotMember: "Escolha uma pessoa da empresa.",
  handlerNotFound: "Responsável não encontrado.",
  excludedUnknown: "Escolha pessoas da lista de responsáveis.",
  tooManyAttempts: "Muitas tentativas. Espere alguns minutos e tente de novo.",
  retentionRange: "Escolha de 1 a 20 anos.",
  deadlineInvalid: "Informe uma data válida.",
  noCompany: "O canal de escuta é da sua empresa: você precisa estar em uma.",
} as const;
