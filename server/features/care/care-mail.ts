/**
 * Appointment e-mails with an .ics (docs/decisions/025): a stable UID (the
 * appointment id), SEQUENCE raised on every change, METHOD:PUBLISH (a cancellation
 * is STATUS:CANCELLED; REQUEST would need ORGANIZER and ATTENDEE, RFC 5546),
 * CLASS:PRIVATE and the neutral title 'Compromisso Sereno', so a shared
 * calendar shows nothing about care. No specialty, no 'psicólogo'.
 */
import { CARE_TIME_ZONE } from "#core/care.ts";
import { formatAtPtBR } from "#core/format.ts";
import { calendarFile } from "#server/mail/calendar-file.ts";
import { layout } from "#server/mail/layout.ts";
import type { Mail } from "#server/mail/mailer.ts";

const CARE_EVENT_TITLE = "Compromisso Sereno";

export type CareMailKind = "confirmed" | "changed" | "cancelled" | "reminder";

function appointmentIcs(input: {
  id: string;
  startsAt: Date;
  endsAt: Date;
  sequence: number;
  cancelled: boolean;
  url: string;
  domain: string;
}): string {
  return calendarFile({
    uid: `${input.id}@${input.domain}`,
    sequence: input.sequence,
    start: input.startsAt,
    end: input.endsAt,
    timeZone: CARE_TIME_ZONE,
    title: CARE_EVENT_TITLE,
    description: `Detalhes no Sereno: ${input.url}`,
    url: input.url,
    cancelled: input.cancelled,
  });
}

const subjects: Record<CareMailKind, string> = {
  confirmed: "Compromisso Sereno confirmado",
  changed: "Compromisso Sereno alterado",
  cancelled: "Compromisso Sereno cancelado",
  reminder: "Lembrete: Compromisso Sereno",
};

export function appointmentMail(input: {
  to: string;
  kind: CareMailKind;
  appointment: { id: string; startsAt: Date; endsAt: Date; sequence: number };
  appUrl: string;
  path: string;
}): Mail {
  // The same zone as the .ics, so the text and the calendar say the same time.
  const when = formatAtPtBR(input.appointment.startsAt.toISOString(), CARE_TIME_ZONE);
  const url = `${input.appUrl}${input.path}`;
  const cancelled = input.kind === "cancelled";
  const lines: Record<CareMailKind, string> = {
    confirmed: `Seu compromisso está confirmado para ${when} (horário de Brasília).`,
    changed: `Seu compromisso mudou: agora é em ${when} (horário de Brasília).`,
    cancelled: `Seu compromisso de ${when} (horário de Brasília) foi cancelado.`,
    reminder: `Lembrete: seu compromisso é em ${when} (horário de Brasília).`,
  };
  const paragraphs = [
    "Olá!",
    lines[input.kind],
    "Os detalhes e o link da sala aparecem no Sereno, só para você, a partir de 15 minutos antes.",
  ];
  const footer = "Em caso de emergência, ligue para o CVV (188) ou o SAMU (192).";
  const subject = subjects[input.kind];
  return {
    to: input.to,
    subject,
    html: layout(subject, paragraphs, { label: "Abrir no Sereno", url }, footer),
    text: `${paragraphs.join("\n\n")}\n\nAbrir no Sereno: ${url}\n\n${footer}\n\nSereno`,
    icalEvent: {
      method: "PUBLISH",
      filename: "compromisso-sereno.ics",
      content: appointmentIcs({
        ...input.appointment,
        cancelled,
        url,
        domain: new URL(input.appUrl).hostname,
      }),
    },
  };
}

/** Never the content: only that there is something to read (issue 13). */
export function newMessageMail(to: string, appUrl: string, path: string): Mail {
  const subject = "Você tem uma nova mensagem no Sereno";
  const paragraphs = ["Olá!", "Você tem uma nova mensagem no Sereno."];
  const url = `${appUrl}${path}`;
  const footer = "Por segurança, o conteúdo das mensagens só aparece dentro do Sereno.";
  return {
    to,
    subject,
    html: layout(subject, paragraphs, { label: "Abrir no Sereno", url }, footer),
    text: `${paragraphs.join("\n\n")}\n\nAbrir no Sereno: ${url}\n\n${footer}\n\nSereno`,
  };
}
