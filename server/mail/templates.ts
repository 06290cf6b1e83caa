/**
 * The product's e-mails, pt-BR, each as HTML and plain text. One layout for
 * all; add a function here per new e-mail.
 */

import { withFullStop } from "#core/text.ts";
import { escapeHtml } from "#server/html.ts";
import type { Mail } from "./mailer.ts";

function actionButton(action: { label: string; url: string }): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0f6e64;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;line-height:1.6;font-size:13px;color:#5b6b69">Se o botão não funcionar, copie e cole este endereço no navegador:<br>${escapeHtml(action.url)}</p>`;
}

export function layout(
  title: string,
  paragraphs: string[],
  action: { label: string; url: string } | null,
  footer: string,
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.6">${escapeHtml(p)}</p>`).join("");
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f4f7f6;font-family:Arial,Helvetica,sans-serif;color:#1f2d2b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#0f6e64">Sereno</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>
${body}
${action ? actionButton(action) : ""}
<p style="margin:24px 0 0;font-size:13px;color:#5b6b69">${escapeHtml(footer)}</p>
</td></tr></table></td></tr></table></body></html>`;
}

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

/**
 * The check-in reminder (docs/decisions/019): no health data, only why it
 * came and how to stop it; the one-click unsubscribe goes in the headers too.
 */
export function reminderMail(options: {
  to: string;
  name: string;
  schedule: string;
  checkInUrl: string;
  unsubscribe: { pageUrl: string; oneClickUrl: string };
}): Mail {
  const subject = "Seu lembrete de check-in no Sereno";
  const paragraphs = [
    `Olá, ${options.name}!`,
    "Que tal reservar um minuto para registrar como você está hoje? O check-in é rápido e só você vê suas respostas.",
  ];
  const footer = `Você recebe este e-mail porque ativou os lembretes de check-in (${options.schedule}) em Configurações › Notificações. Para não receber mais, descadastre-se: ${options.unsubscribe.pageUrl}`;
  return {
    to: options.to,
    subject,
    html: layout(subject, paragraphs, { label: "Fazer meu check-in", url: options.checkInUrl }, footer),
    text: `${paragraphs.join("\n\n")}\n\nFazer meu check-in: ${options.checkInUrl}\n\n${footer}\n\nSereno`,
    headers: {
      "List-Unsubscribe": `<${options.unsubscribe.oneClickUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** The manager's weekly digest (docs/decisions/019): group figures only, the same as /reports. */
export function digestMail(options: {
  to: string;
  name: string;
  companyName: string;
  from: string;
  to_: string;
  lines: string[];
  reportsUrl: string;
  unsubscribe: { pageUrl: string; oneClickUrl: string };
}): Mail {
  const subject = `Resumo semanal da equipe: ${options.from} a ${options.to_}`;
  const paragraphs = [
    `Olá, ${options.name}!`,
    withFullStop(`Este é o resumo da semana de ${options.from} a ${options.to_} na ${options.companyName}`),
    ...options.lines,
    "Os números são do grupo, nunca de uma pessoa, e seguem as mesmas regras de privacidade dos Relatórios.",
  ];
  const footer = `Você recebe este resumo porque ativou 'Novidades do Sereno' em Configurações › Notificações. Para não receber mais, descadastre-se: ${options.unsubscribe.pageUrl}`;
  return {
    to: options.to,
    subject,
    html: layout(subject, paragraphs, { label: "Abrir relatórios", url: options.reportsUrl }, footer),
    text: `${paragraphs.join("\n\n")}\n\nAbrir relatórios: ${options.reportsUrl}\n\n${footer}\n\nSereno`,
    headers: {
      "List-Unsubscribe": `<${options.unsubscribe.oneClickUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/**
 * Group session e-mails (docs/decisions/024). `title` is already neutral
 * ('Compromisso Sereno') for support groups: an inbox is often seen by others.
 */
export function groupSessionMail(options: {
  to: string;
  name: string;
  reason: "cancelled" | "promoted" | "changed" | "reminder-24h" | "reminder-1h" | "drawn" | "not-drawn";
  title: string;
  when: string;
  url: string;
  /** The calendar event: updated ('changed') or of a place the draw confirmed ('drawn'). */
  ics?: string;
}): Mail {
  const { title, when } = options;
  const content = {
    cancelled: {
      subject: `Cancelado: ${title}`,
      text: `O encontro "${title}", marcado para ${when}, foi cancelado pela organização. Sua inscrição foi encerrada; se ele for remarcado, você verá a nova data em Sessões em grupo.`,
      action: "Ver sessões em grupo",
    },
    promoted: {
      subject: `Sua vaga foi confirmada: ${title}`,
      text: `Abriu uma vaga e você saiu da lista de espera: sua inscrição em "${title}", ${when}, está confirmada. Se não puder ir, cancele a inscrição para liberar a vaga para outra pessoa.`,
      action: "Ver minha inscrição",
    },
    changed: {
      subject: `Alterado: ${title}`,
      text: `O encontro "${title}" mudou: agora é ${when}. Sua inscrição continua valendo; o arquivo de agenda anexo atualiza o compromisso no seu calendário. Se não puder ir no novo horário, cancele a inscrição para liberar a vaga.`,
      action: "Ver detalhes",
    },
    "reminder-24h": {
      subject: `Lembrete: ${title}`,
      text: `Seu encontro "${title}" é ${when}. Se não puder ir, cancele a inscrição para liberar a vaga.`,
      action: "Ver detalhes",
    },
    drawn: {
      subject: `Vaga confirmada: ${title}`,
      text: `As vagas foram sorteadas e a sua está confirmada: "${title}", ${when}. O arquivo de agenda anexo guarda o compromisso no seu calendário. Se não puder ir, cancele a inscrição em Sessões em grupo.`,
      action: "Ver minha inscrição",
    },
    "not-drawn": {
      subject: `Resultado do sorteio: ${title}`,
      text: `Obrigado por se inscrever em "${title}", ${when}. Houve mais pedidos do que vagas e, no sorteio, desta vez não foi possível. Outros encontros vão surgir em Sessões em grupo, e o Apoio psicológico está aqui para você, se quiser conversar antes disso.`,
      action: "Ver sessões em grupo",
    },
    "reminder-1h": {
      subject: `Começa em breve: ${title}`,
      text: `Seu encontro "${title}" começa ${when}. Se for on-line, o link aparece em Sessões em grupo 15 minutos antes.`,
      action: "Abrir sessões em grupo",
    },
  }[options.reason];
  const paragraphs = [`Olá, ${options.name}!`, content.text];
  const footer = "Você recebe este e-mail porque se inscreveu em um encontro no Sereno.";
  return {
    to: options.to,
    subject: content.subject,
    html: layout(content.subject, paragraphs, { label: content.action, url: options.url }, footer),
    text: `${paragraphs.join("\n\n")}\n\n${content.action}: ${options.url}\n\n${footer}\n\nSereno`,
    ...(options.ics
      ? { icalEvent: { method: "PUBLISH" as const, filename: "compromisso-sereno.ics", content: options.ics } }
      : {}),
  };
}

/** NR-1 survey invitation or reminder (docs/decisions/026): Sereno's words and the company's name only. */
export function riskSurveyMail(options: {
  to: string;
  companyName: string;
  closesOn: string;
  url: string;
  isReminder: boolean;
}): Mail {
  const subject = options.isReminder
    ? "Lembrete: pesquisa de riscos psicossociais"
    : `${options.companyName} convida você para a pesquisa de riscos psicossociais`;
  const paragraphs = [
    "Olá!",
    `A ${options.companyName} está avaliando as condições de trabalho (NR-1) e quer ouvir você. São 39 perguntas curtas, cerca de 8 minutos, até ${options.closesOn}.`,
    "A participação é voluntária e anônima: suas respostas são guardadas sem o seu nome, e a empresa só vê resultados de grupos, com uma pequena variação aleatória que impede descobrir a resposta de qualquer pessoa.",
  ];
  const footer = options.isReminder
    ? "Se você já respondeu, obrigado! Pode ignorar este lembrete: não sabemos quem respondeu o quê."
    : "Você pode responder pelo celular ou pelo computador, e continuar depois no mesmo aparelho.";
  return {
    to: options.to,
    subject,
    html: layout(subject, paragraphs, { label: "Responder à pesquisa", url: options.url }, footer),
    text: `${paragraphs.join("\n\n")}\n\nResponder à pesquisa: ${options.url}\n\n${footer}\n\nSereno`,
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

/**
 * A handler's notice that the Canal de escuta has something new (docs/decisions/052): sent the next
 * morning, never at the moment (a mail's time would date the case finer than the day), and it says
 * nothing of the case: not its text, category, protocol, or how many.
 */
export function listeningNoticeMail(options: { to: string; name: string; url: string }): Mail {
  const subject = "Há novidades no canal de escuta";
  const paragraphs = [
    `Olá, ${options.name}!`,
    "Há algo novo no canal de escuta da sua empresa: um caso recebido ou uma resposta de quem escreveu. Entre no Sereno para ver.",
  ];
  const footer =
    "Você recebe este aviso porque foi nomeado(a) para tratar os casos do canal de escuta. O aviso nunca traz o conteúdo do caso.";
  return {
    to: options.to,
    subject,
    html: layout(subject, paragraphs, { label: "Abrir os casos", url: options.url }, footer),
    text: `${paragraphs.join("\n\n")}\n\nAbrir os casos: ${options.url}\n\n${footer}\n\nSereno`,
  };
}
