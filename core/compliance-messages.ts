/** The pt-BR texts of the Lei 14.457 file (issue 48 item 4, docs/decisions/090), shared by server and web. */
export const complianceMessages = {
  titleRequired: "Informe o título do treinamento.",
  dateRequired: "Informe a data.",
  invalidDate: "Informe uma data válida.",
  trainingInFuture: "A data do treinamento não pode ser depois de hoje: registre-o quando ele acontecer.",
  durationInvalid: "Informe a duração em minutos, de 15 a 1.440 (24 horas).",
  levelsRequired: "Escolha pelo menos um nível: liderança ou demais níveis.",
  trainingSaved: "Treinamento registrado.",
  trainingNotFound: "Treinamento não encontrado.",
  fileEmpty: "O arquivo não tem nenhuma matrícula. Envie um CSV com uma matrícula por linha.",
  fileTooLarge: "O arquivo pode ter até 5.000 linhas.",
  unknownMatriculas: (unknown: readonly string[]) => {
    const listed = unknown.slice(0, 20).join(", ") + (unknown.length > 20 ? ` e mais ${unknown.length - 20}` : "");
    const what = unknown.length === 1 ? "Esta matrícula não está" : `Estas ${unknown.length} matrículas não estão`;
    return `${what} no cadastro de pessoas da empresa: ${listed}. Nada foi importado ainda: confira o arquivo ou confirme para importar as demais.`;
  },
  noneKnown: "Nenhuma matrícula do arquivo está no cadastro de pessoas da empresa. Nada foi importado.",
  attendanceImported: (count: number) => (count === 1 ? "1 presença registrada." : `${count} presenças registradas.`),
  attendanceTokenInvalid: "Este código de presença não vale mais. Peça a quem conduz o treinamento o código de hoje.",
  attendanceNotToday: "A presença por código só vale no dia do treinamento.",
  attendanceNoMatricula:
    "Sua matrícula não está no cadastro de pessoas da empresa. Peça ao RH para registrar sua presença.",
  attendanceMarked: "Presença registrada. Obrigado por participar!",
  conductRequired: "Escreva o texto das regras de conduta.",
  conductTooLong: "O texto pode ter até 20.000 caracteres.",
  conductPublished: (version: number) => `Versão ${version} das regras de conduta publicada.`,
  conductNone: "A empresa ainda não publicou regras de conduta.",
  conductAcknowledged: "Ciência registrada. Obrigado!",
  conductAlreadyAcknowledged: "Você já deu ciência desta versão das regras de conduta.",
  documentSigned: (version: number) =>
    `Versão ${version} assinada e guardada. Ela não muda mais; uma nova versão é assinada de novo.`,
  documentSignedMeanwhile: "Outra versão foi assinada ao mesmo tempo. Atualize a página e confira a lista.",
  signedDocumentNotFound: "Documento assinado não encontrado.",
} as const;
