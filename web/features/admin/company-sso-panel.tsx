import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { type SsoConfigInput, type SsoSettings, ssoConfigInputSchema } from "#core/schemas/sso.ts";
import { ssoMessages } from "#core/sso-messages.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, Input, Label, Textarea } from "#web/components/ui/field.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { showServerError } from "#web/lib/form-errors.ts";
import { toast } from "#web/lib/toast.ts";
import { DisconnectButton } from "./disconnect-button.tsx";
import { useRemoveSso, useSaveSso, useSsoSettings } from "./sso.queries.ts";
import { SsoDomains } from "./sso-domains.tsx";
import { CopyValue, errorText } from "./sso-values.tsx";

type FormInput = z.input<typeof ssoConfigInputSchema>;

/** The loaded settings of one company: the provider form, the domains, and what to copy. Lazy (company-sso.tsx). */
export default function CompanySsoPanel({ companyId, companyName }: { companyId: string; companyName: string }) {
  const settings = useSsoSettings(companyId);
  return (
    <QueryPanel query={settings} errorMessage="Não foi possível carregar o login único desta empresa.">
      {(data) => (
        <div className="space-y-6">
          <SsoForm companyId={companyId} companyName={companyName} settings={data} />
          <SsoDomains companyId={companyId} domains={data.domains} />
        </div>
      )}
    </QueryPanel>
  );
}

function SsoForm({
  companyId,
  companyName,
  settings,
}: {
  companyId: string;
  companyName: string;
  settings: SsoSettings;
}) {
  const save = useSaveSso(companyId);
  const remove = useRemoveSso(companyId);
  const current = settings.connection;
  const form = useForm<FormInput, unknown, SsoConfigInput>({
    resolver: zodResolver(ssoConfigInputSchema),
    defaultValues: {
      protocol: current?.protocol ?? "oidc",
      issuer: current?.issuer ?? "",
      clientId: current?.clientId ?? "",
      clientSecret: "",
      metadataXml: "",
      metadataUrl: current?.metadataUrl ?? "",
      allowPassword: current?.allowPassword ?? true,
      createOnFirstSignIn: current?.createOnFirstSignIn ?? false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const protocol = useWatch({ control: form.control, name: "protocol" });
  const ids = `sso-${companyId}`;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      form.resetField("clientSecret", { defaultValue: "" });
      toast.success(ssoMessages.saved);
    } catch (error) {
      showServerError(form, error, errorText(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={`Provedor de identidade da ${companyName}`}>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Protocolo</legend>
        <div className="flex flex-wrap gap-4">
          {(["oidc", "saml"] as const).map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
              <input type="radio" value={value} {...form.register("protocol")} className="size-4 accent-primary" />
              {value === "oidc" ? "OpenID Connect (OIDC)" : "SAML 2.0"}
            </label>
          ))}
        </div>
      </fieldset>

      {protocol === "oidc" ? (
        <div className="grid gap-4">
          <Field
            id={`${ids}-issuer`}
            label="URL do emissor (issuer)"
            error={errors.issuer?.message}
            hint="O Sereno lê a configuração em /.well-known/openid-configuration."
          >
            <Input
              {...describedBy(`${ids}-issuer`, errors.issuer?.message)}
              id={`${ids}-issuer`}
              inputMode="url"
              placeholder="https://login.microsoftonline.com/<tenant>/v2.0"
              {...form.register("issuer")}
            />
          </Field>
          <Field id={`${ids}-client-id`} label="ID do cliente (client id)" error={errors.clientId?.message}>
            <Input
              {...describedBy(`${ids}-client-id`, errors.clientId?.message)}
              id={`${ids}-client-id`}
              autoComplete="off"
              {...form.register("clientId")}
            />
          </Field>
          <Field
            id={`${ids}-client-secret`}
            label="Segredo do cliente (client secret)"
            error={errors.clientSecret?.message}
            hint={
              current?.hasClientSecret
                ? "Guardado cifrado. Deixe em branco para manter o atual."
                : "Guardado cifrado; nunca é mostrado de novo."
            }
          >
            <Input
              {...describedBy(`${ids}-client-secret`, errors.clientSecret?.message)}
              id={`${ids}-client-secret`}
              type="password"
              autoComplete="new-password"
              {...form.register("clientSecret")}
            />
          </Field>
          <CopyValue label="URL de redirecionamento (redirect URI)" value={settings.sereno.oidcRedirectUri} />
        </div>
      ) : (
        <div className="grid gap-4">
          <Field
            id={`${ids}-metadata-url`}
            label="URL dos metadados do IdP"
            error={errors.metadataUrl?.message}
            hint="Ou cole o XML abaixo. Os metadados são lidos quando você salva."
          >
            <Input
              {...describedBy(`${ids}-metadata-url`, errors.metadataUrl?.message)}
              id={`${ids}-metadata-url`}
              inputMode="url"
              {...form.register("metadataUrl")}
            />
          </Field>
          <Field
            id={`${ids}-metadata-xml`}
            label="XML de metadados do IdP"
            error={errors.metadataXml?.message}
            hint={current?.idpEntityId ? `Em uso: ${current.idpEntityId}` : undefined}
          >
            <Textarea
              {...describedBy(`${ids}-metadata-xml`, errors.metadataXml?.message)}
              id={`${ids}-metadata-xml`}
              className="font-mono text-xs"
              rows={5}
              {...form.register("metadataXml")}
            />
          </Field>
          <CopyValue label="Entity ID do Sereno (SP)" value={settings.sereno.samlEntityId} />
          <CopyValue label="URL de metadados do Sereno" value={settings.sereno.samlMetadataUrl} />
          <CopyValue label="URL do ACS (Assertion Consumer Service)" value={settings.sereno.samlAcsUrl} />
        </div>
      )}

      <div className="space-y-3">
        {(
          [
            [
              "allowPassword",
              "Permitir também entrar com senha",
              "Desligado: as pessoas dos domínios abaixo só entram pelo SSO.",
            ],
            [
              "createOnFirstSignIn",
              "Criar conta na primeira entrada",
              "Quem o provedor confirmar e não estiver no cadastro entra como membro (e dá o consentimento como todos).",
            ],
          ] as const
        ).map(([name, label, hint]) => (
          <div key={name} className="flex items-start justify-between gap-4">
            <div>
              <Label htmlFor={`${ids}-${name}`}>{label}</Label>
              <p className="text-xs text-muted">{hint}</p>
            </div>
            <Controller
              control={form.control}
              name={name}
              render={({ field }) => (
                <Switch
                  id={`${ids}-${name}`}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          </div>
        ))}
      </div>

      {errors.root ? <Alert tone="error">{errors.root.message}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Salvando..." : "Salvar login único"}
        </Button>
        {current ? (
          <DisconnectButton
            label="Remover login único"
            confirm={{
              title: ssoMessages.confirmRemove,
              description: ssoMessages.confirmRemoveDetail,
              done: ssoMessages.removed,
              label: "Remover login único",
              pending: "Removendo...",
            }}
            remove={() => remove.mutateAsync(undefined)}
            isPending={remove.isPending}
          />
        ) : null}
      </div>
    </form>
  );
}
