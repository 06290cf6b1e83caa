import { MessageCircle } from "lucide-react";
import { type FormEvent, useState } from "react";
import { whatsappReminderText } from "#core/whatsapp.ts";
import { whatsappMessages } from "#core/whatsapp-messages.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Field, Input, Label } from "#web/components/ui/field.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { ApiError } from "#web/lib/api.ts";
import { useConfirmWhatsapp, useMyWhatsapp, useSendWhatsappCode, useStopWhatsapp } from "./whatsapp.queries.ts";

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : whatsappMessages.sendFailed);

/**
 * 'WhatsApp' in Configurações › Notificações (docs/decisions/092): shown only when the company connected its
 * number. Its own opt-in says who sends what; the number is confirmed by a code WhatsApp delivers; the switch
 * off (or 'PARAR' in the chat) stops it at once.
 */
export function WhatsappRow({
  onDone,
  onFailed,
}: {
  onDone: (text: string) => void;
  onFailed: (text: string) => void;
}) {
  const whatsapp = useMyWhatsapp();
  const stop = useStopWhatsapp();
  const [isEnrolling, setIsEnrolling] = useState(false);
  if (!whatsapp.data?.available) return null;
  const { status, number } = whatsapp.data;
  const isOn = status === "confirmed";

  async function flip(next: boolean) {
    if (next) return setIsEnrolling(true);
    try {
      await stop.mutateAsync(undefined);
      setIsEnrolling(false);
      onDone(whatsappMessages.optedOut);
    } catch (error) {
      onFailed(errorText(error));
    }
  }

  return (
    <li className="flex flex-col gap-3 py-3">
      <div className="relative flex min-h-16 items-center gap-4">
        <div className="min-w-0 flex-1">
          <Label
            htmlFor="notificacao-whatsapp"
            className="cursor-pointer after:absolute after:inset-0 after:content-['']"
          >
            WhatsApp
          </Label>
          <p id="notificacao-whatsapp-descricao" className="text-sm text-muted">
            {isOn
              ? `Os lembretes chegam no seu WhatsApp (${number}). Responda PARAR no chat para sair a qualquer momento.`
              : "O lembrete de check-in no seu WhatsApp, para quem não fica no computador."}
          </p>
        </div>
        <Switch
          id="notificacao-whatsapp"
          className="relative"
          aria-describedby="notificacao-whatsapp-descricao"
          checked={isOn || isEnrolling}
          onCheckedChange={(next) => void flip(next)}
          disabled={stop.isPending}
        />
      </div>
      {isEnrolling && !isOn ? (
        <WhatsappEnrolment
          isPending={status === "pending"}
          onConfirmed={() => {
            setIsEnrolling(false);
            onDone(whatsappMessages.confirmed);
          }}
        />
      ) : null}
    </li>
  );
}

function WhatsappEnrolment({ isPending, onConfirmed }: { isPending: boolean; onConfirmed: () => void }) {
  const sendCode = useSendWhatsappCode();
  const confirm = useConfirmWhatsapp();
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [hasSent, setHasSent] = useState(isPending);
  const [error, setError] = useState<string | null>(null);

  async function send(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await sendCode.mutateAsync(phone);
      setHasSent(true);
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  async function check(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await confirm.mutateAsync(code);
      onConfirmed();
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-border bg-surface-2 p-4">
      <p className="flex gap-2 text-sm">
        <MessageCircle aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" strokeWidth={1.75} />
        <span>
          Ao confirmar, o <strong>Sereno</strong> envia ao seu WhatsApp um lembrete por dia, nos dias e no horário que
          você escolheu abaixo: “{whatsappReminderText}”, com um botão que abre o check-in no app. A mensagem não fala
          de como você está, e sua empresa não sabe quem escolheu o WhatsApp. Para sair, responda PARAR.
        </span>
      </p>
      {hasSent ? (
        <form onSubmit={check} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
          <Field id="whatsapp-codigo" label="Código recebido no WhatsApp" error={error ?? undefined} className="flex-1">
            <Input
              id="whatsapp-codigo"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ""))}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "whatsapp-codigo-error" : undefined}
            />
          </Field>
          <Button type="submit" disabled={confirm.isPending}>
            Confirmar número
          </Button>
          <Button type="button" variant="ghost" onClick={() => setHasSent(false)}>
            Trocar número
          </Button>
        </form>
      ) : (
        <form onSubmit={send} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
          <Field
            id="whatsapp-numero"
            label="Seu número de WhatsApp, com DDD"
            error={error ?? undefined}
            className="flex-1"
          >
            <Input
              id="whatsapp-numero"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="(11) 91234-5678"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "whatsapp-numero-error" : undefined}
            />
          </Field>
          <Button type="submit" disabled={sendCode.isPending}>
            Enviar código
          </Button>
        </form>
      )}
    </div>
  );
}
