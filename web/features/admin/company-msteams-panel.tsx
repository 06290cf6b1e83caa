import { type FormEvent, useState } from "react";
import { msteamsMessages } from "#core/msteams-messages.ts";
import type { MsteamsSettings } from "#core/schemas/msteams.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { Field, Input } from "#web/components/ui/field.tsx";
import { toast } from "#web/lib/toast.ts";
import { DisconnectButton } from "./disconnect-button.tsx";
import { msteamsPath, useMsteamsSettings, useRemoveMsteams, useSaveMsteams } from "./msteams.queries.ts";
import { CopyValue, errorText } from "./sso-values.tsx";

/** The company's Teams bot and its app package. Lazy (company-whatsapp.tsx). */
export default function CompanyMsteamsPanel({ companyId }: { companyId: string }) {
  const settings = useMsteamsSettings(companyId);
  return (
    <QueryPanel query={settings} errorMessage="Não foi possível carregar o Teams desta empresa.">
      {(data) => <ConnectionForm companyId={companyId} settings={data} />}
    </QueryPanel>
  );
}

function ConnectionForm({ companyId, settings }: { companyId: string; settings: MsteamsSettings }) {
  const save = useSaveMsteams(companyId);
  const remove = useRemoveMsteams(companyId);
  const current = settings.connection;
  const [appId, setAppId] = useState(current?.appId ?? "");
  const [tenantId, setTenantId] = useState(current?.tenantId ?? "");
  const [clientSecret, setClientSecret] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await save.mutateAsync({ appId: appId.trim(), tenantId: tenantId.trim(), ...(clientSecret && { clientSecret }) });
      setClientSecret("");
      toast.success("Teams conectado.");
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <p className="text-sm text-muted">
        O bot do Azure da empresa. O lembrete chega no chat pessoal com o Sereno como um cartão com as opções do
        check-in; a resposta vai direto para o Sereno e o cartão vira “Check-in registrado”, sem nada da resposta. O
        segredo do cliente fica guardado cifrado e não aparece de novo.
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id={`mt-app-${companyId}`} label="ID do aplicativo (Microsoft App ID)">
          <Input id={`mt-app-${companyId}`} value={appId} onChange={(event) => setAppId(event.target.value)} />
        </Field>
        <Field id={`mt-tenant-${companyId}`} label="ID do locatário (tenant)">
          <Input id={`mt-tenant-${companyId}`} value={tenantId} onChange={(event) => setTenantId(event.target.value)} />
        </Field>
        <Field
          id={`mt-secret-${companyId}`}
          label="Segredo do cliente"
          hint={current ? "Deixe vazio para manter." : undefined}
        >
          <Input
            id={`mt-secret-${companyId}`}
            type="password"
            autoComplete="off"
            value={clientSecret}
            onChange={(event) => setClientSecret(event.target.value)}
          />
        </Field>
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {current ? "Salvar Teams" : "Conectar Teams"}
        </Button>
        {current ? (
          <>
            <a className={buttonClass("secondary")} href={`${msteamsPath(companyId)}/package`} download>
              Baixar pacote do app (.zip)
            </a>
            <DisconnectButton
              label="Desconectar"
              confirm={{
                title: msteamsMessages.confirmRemove,
                description: msteamsMessages.confirmRemoveDetail,
                done: msteamsMessages.removed,
                label: "Desconectar Teams",
              }}
              remove={() => remove.mutateAsync()}
              isPending={remove.isPending}
            />
          </>
        ) : null}
      </div>
      {current ? (
        <div className="space-y-2">
          <CopyValue label="Endereço de mensagens do bot (Azure)" value={settings.messagingEndpoint} />
          <p className="text-sm text-muted">
            Cole este endereço no bot do Azure e entregue o pacote ao TI, que o instala no centro de administração do
            Teams. Cada pessoa vincula a própria conta uma vez, pelo app, e escolhe receber os lembretes lá.
          </p>
        </div>
      ) : null}
    </form>
  );
}
