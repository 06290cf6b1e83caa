/**
 * The e-mails about a person's account, pt-BR, each as HTML and plain text: password reset, sign-in link,
 * invitation, account deletion, and leaving a company. No health data in any of them.
 */
import { withFullStop } from "#core/text.ts";
import { layout } from "./layout.ts";
import type { Mail } from "./mailer.ts";

export function passwordResetMail(to: string, name: string, url: string): Mail {
  const subject = "Crie uma nova senha no Sereno";
  const paragraphs = [
    `Olá, ${name}!`,
    "Recebemos um pedido para criar uma nova senha para sua conta no Sereno. Use o botão abaixo; o link vale por 30 minutos e só pode ser usado uma vez.",
  ];
  const footer = "Se não foi você que pediu, ignore este e-mail: sua senha atual continua valendo.";
  return {
    to,
    subject,
    html: layout(subject, paragraphs, { label: "Criar nova senha", url }, footer),
    text: `${paragraphs.join("\n\n")}\n\nCriar nova senha: ${url}\n\n${footer}\n\nSereno`,
  };
}

/** The one-time sign-in link offered when the sign-in limits refuse a password (docs/decisions/018). */
export function signInLinkMail(to: string, name: string, url: string): Mail {
  const subject = "Seu link de acesso ao Sereno";
  const paragraphs = [
    `Olá, ${name}!`,
    "Recebemos um pedido para entrar na sua conta do Sereno com um link, sem senha. Abra o link no aparelho em que você quer entrar; ele vale por 15 minutos e só pode ser usado uma vez.",
  ];
  const footer =
    "Se não foi você que pediu, ignore este e-mail: ninguém entra sem este link, e sua senha continua valendo.";
  return {
    to,
    subject,
    html: layout(subject, paragraphs, { label: "Entrar no Sereno", url }, footer),
    text: `${paragraphs.join("\n\n")}\n\nEntrar no Sereno: ${url}\n\n${footer}\n\nSereno`,
  };
}

/** Sereno's own words and the inviter's name only: nothing a manager types reaches the mail (docs/decisions/018). */
export function inviteMail(options: {
  to: string;
  inviterName: string;
  companyName: string;
  role: "user" | "manager" | "psychologist";
  url: string;
}): Mail {
  const subject = `${options.inviterName} convidou você para o Sereno`;
  const paragraphs =
    options.role === "psychologist"
      ? [
          "Olá!",
          `${options.inviterName} convidou você para atender pelo Sereno como psicólogo(a) parceiro(a). Pelo Sereno, pessoas de empresas clientes agendam consultas com você e trocam mensagens entre as sessões.`,
          "Para ativar sua conta, crie uma senha pelo botão abaixo; depois, cadastre sua agenda. O convite vale por 7 dias.",
        ]
      : [
          "Olá!",
          `${withFullStop(
            `${options.inviterName} convidou você para usar o Sereno na ${options.companyName}${
              options.role === "manager" ? ", como gestor(a) da equipe" : ""
            }`,
          )} O Sereno é um espaço para cuidar do seu bem-estar no trabalho: check-in diário de humor, exercícios guiados e conteúdos.`,
          "Suas respostas são privadas: a empresa só vê dados agregados e anônimos. Para ativar sua conta, crie uma senha pelo botão abaixo. O convite vale por 7 dias.",
        ];
  const footer = "Se você não esperava este convite, pode ignorar este e-mail.";
  return {
    to: options.to,
    subject,
    html: layout(subject, paragraphs, { label: "Ativar minha conta", url: options.url }, footer),
    text: `${paragraphs.join("\n\n")}\n\nAtivar minha conta: ${options.url}\n\n${footer}\n\nSereno`,
  };
}

/** For accounts without a password (Google only): the link that confirms the deletion. No health data. */
export function accountDeletionLinkMail(to: string, name: string, url: string): Mail {
  const subject = "Confirme a exclusão da sua conta no Sereno";
  const paragraphs = [
    `Olá, ${name}!`,
    "Recebemos um pedido para excluir sua conta no Sereno. Ao confirmar, apagamos seu perfil, seus check-ins e anotações, seus exercícios e suas sessões. Isso não pode ser desfeito.",
    "O link vale por 1 hora e só pode ser usado uma vez.",
  ];
  const footer = "Se não foi você que pediu, ignore este e-mail: sua conta continua como está.";
  return {
    to,
    subject,
    html: layout(subject, paragraphs, { label: "Confirmar exclusão da conta", url }, footer),
    text: `${paragraphs.join("\n\n")}\n\nConfirmar exclusão da conta: ${url}\n\n${footer}\n\nSereno`,
  };
}

/** After the deletion: what was erased and what stays. No health data. */
export function accountDeletedMail(to: string, name: string): Mail {
  const subject = "Sua conta no Sereno foi excluída";
  const paragraphs = [
    `Olá, ${name}!`,
    "Confirmamos a exclusão da sua conta no Sereno. Apagamos seu perfil, seus check-ins e anotações, seus exercícios concluídos, seu histórico de consentimentos e todas as suas sessões.",
    "Os números da sua empresa que já tinham sido publicados continuam como estão: são agregados e anônimos e não identificam ninguém.",
    "Se quiser voltar um dia, é só pedir um novo convite à sua empresa.",
  ];
  const footer =
    "Se você não pediu esta exclusão, responda a este e-mail ou escreva para o encarregado de dados do Sereno.";
  return {
    to,
    subject,
    html: layout(subject, paragraphs, null, footer),
    text: `${paragraphs.join("\n\n")}\n\n${footer}\n\nSereno`,
  };
}

/** A person who left the company with a full HR file (issue 33): their access ended; their data, 30 days. */
export function leaverMail(options: { to: string; name: string; companyName: string; url: string }): Mail {
  const subject = "Seu acesso ao Sereno terminou";
  const paragraphs = [
    `Olá, ${options.name}!`,
    `A ${options.companyName} informou que você não faz mais parte da equipe, e seu acesso ao Sereno foi encerrado.`,
    "Seus check-ins, anotações e o histórico do que você fez no Sereno continuam sendo só seus. Pelo botão abaixo você baixa uma cópia deles; o link vale por 30 dias.",
  ];
  const footer =
    "Depois disso, peça seus dados ao encarregado de proteção de dados (endereço em /privacidade). A empresa nunca viu suas respostas.";
  return {
    to: options.to,
    subject,
    html: layout(subject, paragraphs, { label: "Baixar meus dados", url: options.url }, footer),
    text: `${paragraphs.join("\n\n")}\n\nBaixar meus dados: ${options.url}\n\n${footer}\n\nSereno`,
  };
}
