import { ExternalLink, HeartHandshake, Lock, MapPin, MessageCircle, Phone, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { capsSearchUrl, crisisLines, supportCardVisible } from "#core/support-card.ts";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";
import { appScreens, canOpen } from "#web/lib/navigation.ts";
import { useViewer } from "#web/lib/session.ts";

/**
 * The care screen ('Apoio psicológico', docs/decisions/025), linked from the
 * card for whoever may open it (docs/decisions/023).
 */
const CARE_SCREEN_PATH = "/care";

/**
 * The dismissal lives in this browser only (docs/decisions/023): no server
 * endpoint stores or reads it, so no manager or admin can learn it.
 */
const dismissalKey = (userId: string) => `sereno:cartao-de-apoio:dispensado:${userId}`;

function readDismissal(userId: string): Date | null {
  try {
    const value = localStorage.getItem(dismissalKey(userId));
    const at = value ? new Date(value) : null;
    return at && !Number.isNaN(at.getTime()) ? at : null;
  } catch {
    return null;
  }
}

const checkInWords = {
  heading: "Os últimos dias parecem ter sido difíceis",
  body: "Obrigado por continuar registrando como você está. Se quiser conversar com alguém, há apoio gratuito a qualquer hora. Você não precisa passar por isso sozinho.",
};

/**
 * The private support card (docs/decisions/023): calm, for the member only,
 * when their own recent check-ins show a low pattern. Dismissed, it comes back
 * at most once a week. `words` and `dismissible: false`: the same card where
 * another of the member's own readings asks for it (a WHO-5 of 50 or less on
 * /bem-estar, docs/decisions/078), shown as long as that reading is the latest.
 */
export function SupportCard({
  lowPattern,
  words = checkInWords,
  dismissible = true,
}: {
  lowPattern: boolean;
  words?: { heading: string; body: string };
  dismissible?: boolean;
}) {
  const me = useViewer();
  // Read after mounting: the browser's storage is not there while prerendering.
  const [dismissedAt, setDismissedAt] = useState<Date | null | undefined>(undefined);
  useEffect(() => setDismissedAt(dismissible ? readDismissal(me.id) : null), [me.id, dismissible]);
  if (dismissedAt === undefined || !supportCardVisible(lowPattern, dismissedAt, new Date())) return null;

  function dismiss() {
    const now = new Date();
    try {
      localStorage.setItem(dismissalKey(me.id), now.toISOString());
    } catch {
      // Private browsing without storage: hidden for this visit only.
    }
    setDismissedAt(now);
  }

  const care = appScreens.find((screen) => screen.path === CARE_SCREEN_PATH && canOpen(screen, me.role));
  const [cvv, samu] = crisisLines;
  return (
    <section
      aria-labelledby="cartao-de-apoio-titulo"
      className="relative space-y-4 rounded-lg border border-accent/40 bg-accent-soft p-5"
    >
      <div className="flex items-start gap-3 pr-10">
        <HeartHandshake aria-hidden className="mt-0.5 size-6 shrink-0 text-accent" strokeWidth={1.75} />
        <div className="space-y-1">
          <h2 id="cartao-de-apoio-titulo" className="text-lg font-semibold">
            {words.heading}
          </h2>
          <p className="text-sm leading-relaxed">{words.body}</p>
        </div>
      </div>
      {dismissible ? (
        <Button
          variant="ghost"
          size="icon"
          onClick={dismiss}
          aria-label="Dispensar esta mensagem por uma semana"
          className="absolute top-2 right-2"
        >
          <X aria-hidden className="size-5" />
        </Button>
      ) : null}
      <ul className="grid gap-2 sm:grid-cols-2">
        <li>
          <a href={`tel:${cvv.number}`} className={cn(buttonClass("accent", "md"), "w-full justify-start")}>
            <Phone aria-hidden className="size-5 shrink-0" strokeWidth={1.75} />
            <span className="flex flex-col items-start text-left leading-tight">
              <span>
                {cvv.name}: <strong className="font-semibold">{cvv.number}</strong>
              </span>
              <span className="text-xs font-normal">Gratuito, 24 horas</span>
            </span>
          </a>
        </li>
        <li>
          <a
            href={cvv.chatUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(buttonClass("secondary", "md"), "w-full justify-start")}
          >
            <MessageCircle aria-hidden className="size-5 shrink-0" strokeWidth={1.75} />
            <span className="flex flex-col items-start text-left leading-tight">
              <span>Chat do CVV</span>
              <span className="text-xs font-normal text-muted">cvv.org.br</span>
            </span>
            <span className="sr-only"> (abre em uma nova aba)</span>
          </a>
        </li>
        <li>
          <a href={`tel:${samu.number}`} className={cn(buttonClass("secondary", "md"), "w-full justify-start")}>
            <Phone aria-hidden className="size-5 shrink-0" strokeWidth={1.75} />
            <span className="flex flex-col items-start text-left leading-tight">
              <span>
                {samu.name}: <strong className="font-semibold">{samu.number}</strong>
              </span>
              <span className="text-xs font-normal text-muted">Em uma emergência</span>
            </span>
          </a>
        </li>
        <li>
          <a
            href={capsSearchUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(buttonClass("secondary", "md"), "w-full justify-start")}
          >
            <MapPin aria-hidden className="size-5 shrink-0" strokeWidth={1.75} />
            <span className="flex flex-col items-start text-left leading-tight">
              <span>CAPS da sua cidade</span>
              <span className="text-xs font-normal text-muted">Atendimento gratuito pelo SUS</span>
            </span>
            <ExternalLink aria-hidden className="ml-auto size-4 shrink-0" />
            <span className="sr-only"> (abre o mapa em uma nova aba)</span>
          </a>
        </li>
        {care ? (
          <li className="sm:col-span-2">
            <Link to={care.path} className={cn(buttonClass("secondary", "md"), "w-full justify-start")}>
              <HeartHandshake aria-hidden className="size-5 shrink-0" strokeWidth={1.75} />
              Apoio psicológico
            </Link>
          </li>
        ) : null}
      </ul>
      <p className="flex items-center gap-1.5 text-xs text-muted">
        <Lock aria-hidden className="size-3.5 shrink-0" />
        Só você vê esta mensagem. Ninguém da sua empresa é avisado.
      </p>
    </section>
  );
}
