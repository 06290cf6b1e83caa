import { type FormEvent, useState } from "react";
import { weekdayLabels } from "#core/dates.ts";
import type { WhatsappSettings } from "#core/schemas/whatsapp.ts";
import { whatsappTemplates } from "#core/whatsapp.ts";
import { whatsappMessages } from "#core/whatsapp-messages.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Field, Input } from "#web/components/ui/field.tsx";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { DisconnectButton } from "./disconnect-button.tsx";
import { CopyValue, errorText } from "./sso-values.tsx";
import { useRemoveWhatsapp, useSaveWhatsapp, useSaveWorkingDays, useWhatsappSettings } from "./whatsapp.queries.ts";

/** The company's WhatsApp Business number and its working days. Lazy (company-whatsapp.tsx). */
export default function CompanyWhatsappPanel({ companyId }: { companyId: string }) {
  const settings = useWhatsappSettings(companyId);
  return (
    <QueryPanel query={settings} errorMessage="Não foi possível carregar o WhatsApp desta empresa.">
      {(data) => (
        <div className="space-y-6">
          <ConnectionForm companyId={companyId} settings={data} />
          <WorkingDays companyId={companyId} days={data.workingDays} />
        </div>
      )}
    </QueryPanel>
  );
}

function ConnectionForm({ companyId, settings }: { companyId: string; settings: WhatsappSettings }) {
  const save = useSaveWhatsapp(companyId);
  const remove = useRemoveWhatsapp(companyId);
  const current = settings.connection;
  const [phoneNumberId, setPhoneNumberId] = useState(current?.phoneNumberId ?? "");
  const [accessToken, setAccessToken] = useState("");
  const [appSecret, setAppSecret] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await save.mutateAsync({
        phoneNumberId: phoneNumberId.trim(),
        ...(accessToken && { accessToken }),
        ...(appSecret && { appSecret }),
      });
      setAccessToken("");
      setAppSecret("");
      toast.success(whatsappMessages.saved);
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <p className="text-sm text-muted">
        O número de WhatsApp Business da empresa, na Cloud API da Meta. Os lembretes usam o modelo de utilidade “
        {whatsappTemplates.reminder}” e o código de confirmação, o modelo de autenticação “{whatsappTemplates.code}”,
        ambos em {whatsappTemplates.language}. O token e a chave do app ficam guardados cifrados e não aparecem de novo.
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id={`wa-id-${companyId}`} label="ID do número de telefone">
          <Input
            id={`wa-id-${companyId}`}
            inputMode="numeric"
            value={phoneNumberId}
            onChange={(event) => setPhoneNumberId(event.target.value)}
          />
        </Field>
        <Field
          id={`wa-token-${companyId}`}
          label="Token de acesso"
          hint={current ? "Deixe vazio para manter." : undefined}
        >
          <Input
            id={`wa-token-${companyId}`}
            type="password"
            autoComplete="off"
            value={accessToken}
            onChange={(event) => setAccessToken(event.target.value)}
          />
        </Field>
        <Field
          id={`wa-secret-${companyId}`}
          label="Chave secreta do app"
          hint={current ? "Deixe vazio para manter." : undefined}
        >
          <Input
            id={`wa-secret-${companyId}`}
            type="password"
            autoComplete="off"
            value={appSecret}
            onChange={(event) => setAppSecret(event.target.value)}
          />
        </Field>
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {current ? "Salvar WhatsApp" : "Conectar WhatsApp"}
        </Button>
        {current ? (
          <DisconnectButton
            label="Desconectar"
            confirm={{
              title: whatsappMessages.confirmRemove,
              description: whatsappMessages.confirmRemoveDetail,
              done: whatsappMessages.removed,
              label: "Desconectar WhatsApp",
            }}
            remove={() => remove.mutateAsync(undefined)}
            isPending={remove.isPending}
          />
        ) : null}
      </div>
      {settings.verifyToken ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <CopyValue label="URL de retorno (webhook)" value={settings.webhookUrl} />
          <CopyValue label="Token de verificação" value={settings.verifyToken} />
        </div>
      ) : null}
    </form>
  );
}

/** Monday first, as people read a week at work. */
const weekOrder = [1, 2, 3, 4, 5, 6, 0];

function WorkingDays({ companyId, days }: { companyId: string; days: number[] }) {
  const saveDays = useSaveWorkingDays(companyId);
  const [chosen, setChosen] = useState(days);
  const [error, setError] = useState<string | null>(null);
  const toggle = (day: number) =>
    setChosen((current) => (current.includes(day) ? current.filter((d) => d !== day) : [...current, day].sort()));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await saveDays.mutateAsync(chosen);
      toast.success("Dias de trabalho salvos.");
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <fieldset>
        <legend className="text-sm font-medium">Dias de trabalho</legend>
        <p className="text-sm text-muted">Nenhum lembrete sai nos outros dias, por nenhum canal.</p>
        <div className="mt-2 flex flex-wrap gap-2">
          {weekOrder.map((day) => (
            <button
              key={day}
              type="button"
              aria-pressed={chosen.includes(day)}
              onClick={() => toggle(day)}
              className={cn(
                "min-h-11 rounded-md border px-3 text-sm",
                chosen.includes(day) ? "border-primary bg-primary text-primary-fg" : "border-border bg-surface",
              )}
            >
              {weekdayLabels[day]}
            </button>
          ))}
        </div>
      </fieldset>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" variant="secondary" disabled={saveDays.isPending}>
        Salvar dias
      </Button>
    </form>
  );
}
