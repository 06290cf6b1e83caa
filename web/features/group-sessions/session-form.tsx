import { useForm } from "react-hook-form";
import { type GroupSessionKind, groupSessionKindLabels, type ManagedSession } from "#core/schemas/group-sessions.ts";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, FormError, Input, Select, Textarea } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api.ts";
import { cn } from "#web/lib/cn.ts";
import { showServerError } from "#web/lib/form-errors.ts";
import { toast } from "#web/lib/toast.ts";
import { type ManageScope, useCreateSession, useSessionOptions, useUpdateSession } from "./group-sessions.queries.ts";
import { type SessionValues, sessionFormDefaults, sessionFormResolver } from "./session-form-values.ts";

const kindHints: Record<GroupSessionKind, string> = {
  workshop: "Treinamento não clínico (estresse, comunicação, liderança). A empresa vê a lista de presença.",
  support_group: "Encontro clínico conduzido por psicólogo(a). A empresa vê só números, nunca nomes.",
};

/** Create or edit a session (docs/decisions/024): kind and audience are fixed once created. */
export function SessionForm({
  scope,
  session,
  initialKind = "workshop",
  onDone,
}: {
  scope: ManageScope;
  session?: ManagedSession;
  initialKind?: GroupSessionKind;
  onDone: () => void;
}) {
  const create = useCreateSession();
  const update = useUpdateSession(session?.id ?? "");
  const options = useSessionOptions(scope);
  const sectors = options.data?.sectors ?? [];
  const psychologists = options.data?.psychologists ?? [];
  const form = useForm({
    resolver: sessionFormResolver({ session, scope, psychologists }),
    defaultValues: sessionFormDefaults(session, initialKind),
  });
  const { errors, isSubmitting } = form.formState;
  const isNamed = form.watch("facilitatorPsychologistId") === "";
  const audience = form.watch("audience");
  const sectorIds = form.watch("sectorIds");

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = session
        ? await update.mutateAsync(values as Parameters<typeof update.mutateAsync>[0])
        : await create.mutateAsync(values as Parameters<typeof create.mutateAsync>[0]);
      toast.success(result.message);
      onDone();
    } catch (error) {
      showServerError(
        form,
        error,
        error instanceof ApiError && error.status < 500 ? error.message : "Não foi possível salvar. Tente novamente.",
      );
    }
  });

  const input = (
    key: Exclude<keyof SessionValues, "sectorIds">,
    label: string,
    props: React.InputHTMLAttributes<HTMLInputElement> = {},
    hint?: string,
  ) => (
    <Field id={`sessao-${key}`} label={label} error={errors[key]?.message} hint={hint}>
      <Input
        {...describedBy(`sessao-${key}`, errors[key]?.message, Boolean(hint))}
        {...props}
        {...form.register(key)}
      />
    </Field>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {session ? null : (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Tipo de encontro</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {(["workshop", "support_group"] as const).map((kind) => (
              <label
                key={kind}
                className={cn(
                  "relative flex cursor-pointer flex-col gap-1 rounded-md border border-border bg-surface p-3 text-sm",
                  "hover:bg-surface-2 has-[:checked]:border-primary has-[:checked]:bg-primary-soft",
                  "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                )}
              >
                <input
                  type="radio"
                  value={kind}
                  {...form.register("kind")}
                  className="absolute inset-0 size-full cursor-pointer appearance-none rounded-md opacity-0"
                />
                <span className="font-medium">{groupSessionKindLabels[kind]}</span>
                <span className="text-xs text-muted">{kindHints[kind]}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {session || scope.isPlatform ? null : (
        <fieldset className="space-y-2" aria-describedby={errors.sectorIds ? "sessao-setores-erro" : undefined}>
          <legend className="text-sm font-medium">Para quem</legend>
          <div className="flex flex-wrap gap-x-4 text-sm">
            {(
              [
                ["company", "Toda a empresa"],
                ["sectors", "Setores escolhidos"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  value={value}
                  disabled={value === "sectors" && sectors.length === 0}
                  {...form.register("audience")}
                  className="size-4 accent-primary"
                />
                {label}
              </label>
            ))}
          </div>
          {sectors.length === 0 && options.isSuccess ? (
            <p className="text-xs text-muted">
              Para escolher setores, cadastre-os em Riscos psicossociais e indique o setor de cada pessoa em Equipe.
            </p>
          ) : null}
          {audience === "sectors" ? (
            <ul aria-label="Setores" className="grid gap-1 rounded-md border border-border p-3">
              {sectors.map((sector) => (
                <li key={sector.id} className={sector.parentId ? "pl-6" : undefined}>
                  <label className="flex min-h-11 items-center gap-3 text-sm">
                    {/* Kept as a list by hand: react-hook-form reads a lone checkbox as true or false. */}
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={sectorIds.includes(sector.id)}
                      onChange={(event) =>
                        form.setValue(
                          "sectorIds",
                          event.target.checked ? [...sectorIds, sector.id] : sectorIds.filter((id) => id !== sector.id),
                          { shouldValidate: form.formState.isSubmitted },
                        )
                      }
                    />
                    {sector.name}
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
          {audience === "sectors" ? (
            <p className="text-xs text-muted">
              Cada setor inclui os que estão abaixo dele. Só essas pessoas veem o encontro.
            </p>
          ) : null}
          {errors.sectorIds ? (
            <p id="sessao-setores-erro" role="alert" className="text-sm text-danger">
              {errors.sectorIds.message}
            </p>
          ) : null}
        </fieldset>
      )}
      {input("title", "Título", { maxLength: 120 })}
      <Field id="sessao-description" label="Descrição" error={errors.description?.message}>
        <Textarea
          {...describedBy("sessao-description", errors.description?.message)}
          maxLength={2000}
          {...form.register("description")}
        />
      </Field>
      <Field
        id="sessao-facilitador"
        label="Quem conduz"
        error={errors.facilitatorPsychologistId?.message}
        hint={
          isNamed
            ? "Um(a) especialista convidado(a) ou alguém da empresa."
            : "Psicólogo(a) verificado(a) do Sereno: registra a presença depois do encontro."
        }
      >
        <Select
          {...describedBy("sessao-facilitador", errors.facilitatorPsychologistId?.message, true)}
          {...form.register("facilitatorPsychologistId")}
          // The psychologists arrive after the form: the chosen one shows once its option exists.
          value={form.watch("facilitatorPsychologistId")}
        >
          <option value="">Outra pessoa (informar o nome)</option>
          {psychologists.length > 0 ? (
            <optgroup label="Psicólogos(as) do Sereno">
              {psychologists.map((psychologist) => (
                <option key={psychologist.id} value={psychologist.id}>
                  {psychologist.name}
                </option>
              ))}
            </optgroup>
          ) : null}
        </Select>
      </Field>
      {isNamed ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {input("facilitatorName", "Nome de quem conduz", { maxLength: 120 })}
          {input("facilitatorEmail", "E-mail de quem conduz (opcional)", { type: "email" })}
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        {input("startsAt", "Início", { type: "datetime-local" })}
        {input("durationMinutes", "Duração (min)", {
          type: "number",
          min: 15,
          max: 480,
          step: 5,
          inputMode: "numeric",
        })}
        {input("capacity", "Vagas", { type: "number", min: 1, max: 500, inputMode: "numeric" })}
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Modalidade</legend>
        <div className="flex gap-4 text-sm">
          {(["online", "in_person"] as const).map((modality) => (
            <label key={modality} className="flex min-h-11 items-center gap-2">
              <input type="radio" value={modality} {...form.register("modality")} className="size-4 accent-primary" />
              {modality === "online" ? "On-line" : "Presencial"}
            </label>
          ))}
        </div>
      </fieldset>
      {form.watch("modality") === "online"
        ? input(
            "location",
            "Link da sala",
            { type: "url", placeholder: "https://" },
            "Quem se inscreveu vê o link 15 minutos antes do início.",
          )
        : input("location", "Local", { maxLength: 500 }, "Ex.: Sala 4, 2º andar")}
      <FormError message={errors.root?.message} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Voltar
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {session ? "Salvar alterações" : "Criar encontro"}
        </Button>
      </div>
    </form>
  );
}
