import { authMessages } from "./auth-messages.ts";

/** The pt-BR texts of the company's single sign-on (issue 34, docs/decisions/047), shared by server and web. */

export const ssoMessages = {
  // /login
  noConnection:
    "Não encontramos login único (SSO) para este e-mail. Entre com sua senha ou fale com o RH da sua empresa.",
  passwordOff: "Sua empresa usa login único (SSO): entre pelo botão 'Entrar com SSO', com o e-mail da empresa.",
  stranger:
    "Sua empresa confirmou quem você é, mas você ainda não está na lista de pessoas dela no Sereno. Peça ao RH para incluir você e tente de novo.",
  otherCompany: "Este e-mail já tem uma conta no Sereno fora desta empresa. Fale com o RH da sua empresa.",
  wrongDomain: "O e-mail que sua empresa informou não é de um domínio verificado dela no Sereno. Fale com o RH.",
  expired: "O login único demorou demais ou foi aberto em outra janela. Comece de novo por aqui.",
  seatsFull:
    "Sua empresa já usa todas as vagas do plano no Sereno, então não conseguimos criar seu acesso agora. Fale com o RH da sua empresa.",
  failed: "Não conseguimos concluir o login único. Tente de novo; se continuar, fale com o RH da sua empresa.",
  // Administração › a company › Login único (SSO)
  issuerUnreachable:
    "Não conseguimos ler a configuração do provedor neste endereço (/.well-known/openid-configuration). Confira a URL do emissor.",
  issuerInvalid: "Informe a URL do emissor, como https://login.microsoftonline.com/<tenant>/v2.0.",
  issuerInsecure: "A URL do emissor precisa começar com https://.",
  clientIdRequired: "Informe o ID do cliente (client id).",
  clientSecretRequired: "Informe o segredo do cliente (client secret).",
  metadataRequired: "Cole o XML de metadados do provedor ou informe a URL dos metadados.",
  metadataUnreachable: "Não conseguimos baixar os metadados nesta URL. Confira o endereço ou cole o XML.",
  metadataInvalid:
    "Não entendemos estes metadados SAML: eles precisam ter o entityID, o endereço de login (SingleSignOnService, HTTP-Redirect) e o certificado de assinatura.",
  notConfigured: "Configure o login único desta empresa primeiro.",
  domainInvalid: "Informe um domínio como empresa.com.br.",
  domainTaken: "Este domínio já está no login único de outra empresa.",
  domainNotFound: "Domínio não encontrado.",
  domainNotVerified:
    "Ainda não encontramos o registro TXT neste domínio. Ele pode levar algumas horas para aparecer no DNS.",
  saved: "Login único salvo.",
  removed: "Login único removido.",
  confirmRemove: "Remover o login único desta empresa?",
  confirmRemoveDetail:
    "Ninguém da empresa entra mais pelo provedor de identidade: as pessoas entram com e-mail e senha, link por e-mail ou chave de acesso. Os domínios ficam, para uma nova configuração.",
} as const;

/** Why a sign-in through the company's provider came back to /login (?erro=sso&motivo=…), in pt-BR. */
const ssoRefusals = {
  stranger: ssoMessages.stranger,
  "other-company": ssoMessages.otherCompany,
  "wrong-domain": ssoMessages.wrongDomain,
  expired: ssoMessages.expired,
  failed: ssoMessages.failed,
  "seats-full": ssoMessages.seatsFull,
  "access-ended": authMessages.accessEnded,
} as const;
export type SsoRefusal = keyof typeof ssoRefusals;

export function ssoRefusalMessage(reason: string | null): string {
  return reason && reason in ssoRefusals ? ssoRefusals[reason as SsoRefusal] : ssoMessages.failed;
}
