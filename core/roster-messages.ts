/** The pt-BR texts of 'Importar pessoas' (issue 33), shared by server and web. */
import { GUARDRAIL_PHRASE } from "./roster.ts";

export const rosterMessages = {
  fileMissing: "Escolha um arquivo CSV ou XLSX.",
  fileTooLarge: "O arquivo passa de 10 MB. Divida-o ou fale com o suporte.",
  fileUnreadable: "Não conseguimos ler este arquivo. Envie um CSV (separado por ; ou ,) ou uma planilha XLSX.",
  fileEmpty: "O arquivo não tem linhas de pessoas abaixo do cabeçalho.",
  fileTooManyRows: "O arquivo passa de 20.000 linhas. Divida-o em partes menores.",
  fileCellTooLong: "Uma célula do arquivo passa de 1.000 caracteres. Confira a planilha e envie de novo.",
  fileUnzippedTooLarge:
    "Esta planilha fica grande demais ao ser aberta (mais de 48 MB). Envie só a aba das pessoas ou um CSV.",
  fileZipSizeMismatch:
    "Esta planilha parece corrompida: aberta, ela fica maior do que diz ser. Salve-a de novo ou envie um CSV.",
  fileTooSlow: "Esta planilha demorou demais para ser lida. Divida-a em partes menores ou envie um CSV.",
  mappingInvalid: "Escolha uma coluna diferente para cada campo.",
  importNotFound: "Importação não encontrada. Envie o arquivo de novo.",
  importAlreadyApplied: "Esta importação já foi aplicada. Envie o arquivo de novo para outra importação.",
  importRunning: "Há uma importação em andamento nesta empresa. Espere ela terminar.",
  confirmationRequired: `Este arquivo mudaria muita gente de uma vez. Digite ${GUARDRAIL_PHRASE} para aplicar mesmo assim.`,
  confirmationWrong: `Digite ${GUARDRAIL_PHRASE}, em letras maiúsculas, para confirmar.`,
  applyQueued: "Importação iniciada. Você pode sair desta página: ela continua.",
  // Rejection reasons: what is wrong and how to fix it, never the CPF itself.
  required: "Campo obrigatório vazio.",
  cpfInvalid: "CPF inválido: confira os 11 dígitos.",
  cpfRepeated: (line: number) => `CPF repetido: já aparece na linha ${line}.`,
  matriculaRepeated: (line: number) => `Matrícula repetida: já aparece na linha ${line}.`,
  matriculaTaken: "Esta matrícula já é de outra pessoa no cadastro da empresa.",
  matriculaTooLong: "Matrícula longa demais (até 40 caracteres).",
  nameTooLong: "Nome longo demais (até 120 caracteres).",
  emailInvalid: "E-mail inválido.",
  emailRepeated: (line: number) => `E-mail repetido: já aparece na linha ${line}.`,
  cnpjInvalid: "CNPJ inválido: confira os 14 dígitos.",
  establishmentMissing:
    "Informe o CNPJ do estabelecimento deste setor: a empresa não tem um único estabelecimento cadastrado.",
  sectorInvalid: "Setor inválido: use nomes separados por / (por exemplo, Operações/Atendimento).",
  managerUnknown: "Gestor não encontrado: informe a matrícula ou o e-mail de alguém do arquivo ou do cadastro.",
  dateInvalid: "Data de admissão inválida: use dd/mm/aaaa.",
  textInvalid: "Há caracteres de controle nesta célula: apague-os e envie de novo.",
  textTooLong: (label: string) => `${label} longo demais (até 120 caracteres).`,
  // The leaver's e-mail.
  leaverDataInvalid:
    "Este link para baixar seus dados não vale mais. Peça seus dados ao encarregado (veja /privacidade).",
} as const;
