import {
  CalendarPlus,
  Coffee,
  HeartHandshake,
  Lightbulb,
  type LucideIcon,
  Megaphone,
  Sparkles,
  Sprout,
} from "lucide-react";
import { Link } from "react-router";
import { MOOD_ALERT } from "#core/team-metrics.ts";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";

type Action = { icon: LucideIcon; title: string; text: string; link?: { to: string; label: string } };

const forParticipation: Action[] = [
  {
    icon: Megaphone,
    title: "Lembre a equipe do check-in",
    text: "Em uma reunião, conte que o check-in leva menos de um minuto e que a gestão só vê números do grupo.",
  },
  {
    icon: Coffee,
    title: "Reserve 10 minutos para uma pausa guiada",
    text: "Escolha um exercício curto e façam juntos no início de uma reunião da semana.",
  },
];

/** Either signal: a workshop for the whole group, opened straight on the form (docs/decisions/024). */
const scheduleWorkshop: Action = {
  icon: CalendarPlus,
  title: "Agende um workshop para a equipe",
  text: "Um encontro de psicoeducação (gestão do estresse, comunicação) convida todo mundo, sem apontar ninguém.",
  link: { to: "/group-sessions?novo=oficina", label: "Agendar workshop" },
};

const forMood: Action[] = [
  {
    icon: HeartHandshake,
    title: "Converse sobre carga de trabalho",
    text: "Abra espaço, com o grupo todo, para falar de prazos e prioridades. Pergunte o que pode sair da lista.",
  },
  {
    icon: Sprout,
    title: "Proteja pausas e horários",
    text: "Incentive intervalos curtos ao longo do dia e evite mensagens fora do expediente.",
  },
];

/**
 * Spec 2 and 9: suggestions when participation is under the screen's alert
 * (60% on the reports, 70% on the dashboard) or the mean mood under 3, always
 * for the whole group, never about one person. The dashboard shows the card
 * only when there is something to suggest (`isHiddenWhenFine`).
 */
export function RecommendedActions({
  participation,
  averageMood,
  participationAlert,
  isHiddenWhenFine = false,
}: {
  participation: number;
  averageMood: number | null;
  participationAlert: number;
  isHiddenWhenFine?: boolean;
}) {
  const isParticipationLow = participation < participationAlert;
  const isMoodLow = averageMood !== null && averageMood < MOOD_ALERT;
  const actions = [
    ...(isParticipationLow ? forParticipation : []),
    ...(isMoodLow ? forMood : []),
    ...(isParticipationLow || isMoodLow ? [scheduleWorkshop] : []),
  ];
  if (isHiddenWhenFine && actions.length === 0) return null;

  return (
    <Card>
      <section aria-labelledby="acoes-titulo" className="space-y-4">
        <div className="flex items-start gap-3">
          <Lightbulb aria-hidden className="mt-1 size-5 shrink-0 text-accent" strokeWidth={1.75} />
          <div className="space-y-1">
            <CardTitle id="acoes-titulo">Ações recomendadas</CardTitle>
            <CardDescription>
              {actions.length > 0
                ? "Ideias simples para cuidar do grupo todo, sem apontar ninguém."
                : "Nada pede atenção agora."}
            </CardDescription>
          </div>
        </div>
        {actions.length > 0 ? (
          <ul className="grid gap-3 sm:grid-cols-2">
            {actions.map(({ icon: Icon, title, text, link }) => (
              <li key={title} className="flex gap-3 rounded-md bg-surface-2 p-4">
                <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" strokeWidth={1.75} />
                <div className="space-y-1">
                  <p className="font-medium">{title}</p>
                  <p className="text-sm text-muted">{text}</p>
                  {link ? (
                    <Link
                      to={link.to}
                      className="inline-flex min-h-11 items-center text-sm font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {link.label}
                    </Link>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="flex gap-3 rounded-md bg-success-soft p-4 text-sm">
            <Sparkles aria-hidden className="mt-0.5 size-5 shrink-0 text-success" strokeWidth={1.75} />
            <span>
              A equipe está participando bem
              {averageMood !== null ? " e o humor médio está em um bom patamar" : ""}. Continue reconhecendo as pausas e
              o cuidado de cada um: isso faz diferença.
            </span>
          </p>
        )}
      </section>
    </Card>
  );
}
