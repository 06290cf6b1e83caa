/**
 * The product's e-mails about its use, pt-BR, each as HTML and plain text: reminders, the manager's digest, group
 * sessions, NR-1 surveys and listening-channel notices. The account's e-mails are in account-mails.ts, the layout
 * in layout.ts; add a function to the file of its kind per new e-mail.
 */
import { withFullStop } from "#core/text.ts";
import { layout } from "./layout.ts";
import type { Mail } from "./mailer.ts";

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
