/** The pt-BR texts of SCIM provisioning (issue 34, docs/decisions/048): the SCIM errors' detail and the admin's screen. */

export const scimMessages = {
  tokenMissing: "Envie o token SCIM no cabeçalho Authorization: Bearer sereno_scim_… (gere um em Administração).",
  tokenInvalid: "Token SCIM inválido ou revogado. Gere outro em Administração, na empresa.",
  tooManyRequests: (max: number, seconds: number) =>
    `Limite de ${max} chamadas por minuto deste token atingido. Tente de novo em ${seconds} s.`,
  invalidJson: "O corpo da requisição não é um JSON válido.",
  invalidUrl: "O endereço da requisição não é válido: confira a codificação dos caracteres (%).",
  invalidSchemas: (schema: string) => `O campo schemas deve conter ${schema}.`,
  userNameRequired: "Informe o userName da pessoa.",
  displayNameRequired: "Informe o displayName do grupo.",
  textTooLong: (attribute: string) => `O atributo ${attribute} é longo demais (até 200 caracteres).`,
  emailInvalid: "O e-mail informado não é válido.",
  activeInvalid: "O atributo active deve ser verdadeiro ou falso.",
  userNameTaken: "Já existe uma pessoa com este userName nesta empresa.",
  personAlreadyProvisioned:
    "A pessoa do cadastro com esta matrícula ou e-mail já foi provisionada por outro usuário SCIM.",
  matriculaTaken: "Esta matrícula já pertence a outra pessoa ativa do cadastro da empresa.",
  emailTaken: "Este e-mail já pertence a uma conta de outra empresa ou da equipe do Sereno.",
  accountNeedsConsent:
    "Já existe uma conta com este e-mail, fora desta empresa. Ela só entra com o aceite da própria pessoa: convide-a em Equipe; quando ela aceitar, o provisionamento a reconhece.",
  emailOutsideDomains:
    "O e-mail precisa ser de um domínio verificado da empresa (Administração, Login da empresa) ou ser o e-mail da pessoa no cadastro.",
  personOutsideCompany:
    "Só é possível provisionar quem tem e-mail de um domínio verificado da empresa ou está no cadastro do RH.",
  accessEndedElsewhere:
    "Esta conta passou por outra empresa depois de sair desta. Para voltar, a pessoa precisa aceitar um convite (Equipe).",
  groupNameTaken: "Já existe um grupo com este nome nesta empresa.",
  seatsFull: (limit: number, label: string) =>
    `Todas as ${limit} vagas do plano ${label} estão em uso. Libere uma vaga ou mude o plano.`,
  userNotFound: "Pessoa não encontrada.",
  groupNotFound: "Grupo não encontrado.",
  memberNotFound: (id: string) => `Não há pessoa com o id ${id} nesta empresa.`,
  invalidFilter: 'Filtro não suportado. Use, por exemplo, userName eq "ana@empresa.com.br" ou externalId eq "…".',
  invalidPatch: "A operação PATCH é inválida: envie Operations com op add, replace ou remove.",
  invalidOp: (op: string) => `Operação "${op}" desconhecida: use add, replace ou remove.`,
  noTarget: "A operação remove precisa de um path.",
  invalidPath: (path: string) => `O caminho "${path}" não é suportado.`,
  invalidAttributes:
    "attributes e excludedAttributes são nomes de atributos separados por vírgula, como userName,name.givenName.",
  invalidPaging: "startIndex e count devem ser números inteiros.",
  notFound: "Recurso SCIM não encontrado.",
  methodNotAllowed: "Operação não suportada neste recurso.",
  internalError: "Algo deu errado do nosso lado. Tente de novo em instantes.",
  // The admin's screen (Administração, the company: Provisionamento (SCIM)).
  tokenCreated: "Token criado. Copie agora: ele não será mostrado de novo.",
  tokenReplaced: "Novo token criado; o anterior foi revogado. Copie agora: ele não será mostrado de novo.",
  tokenRevoked: "Token revogado. As próximas chamadas com ele serão recusadas.",
  noActiveToken: "Esta empresa não tem token SCIM ativo.",
} as const;
