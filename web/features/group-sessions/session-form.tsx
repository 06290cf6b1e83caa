import { useState } from "react";
import { toast } from "sonner";
import {
  type GroupSessionKind,
  groupSessionInputSchema,
  groupSessionKindLabels,
  groupSessionUpdateSchema,
  type ManagedSession,
} from "#core/schemas/group-sessions.ts";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, Input, Select, Textarea } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api.ts";
import { cn } from "#web/lib/cn.ts";
import { type ManageScope, useCreateSession, useSessionOptions, useUpdateSession } from "./group-sessions.queries.ts";

const kindHints: Record<GroupSessionKind, string> = {
  workshop: "Treinamento não clínico (estresse, comunicação, liderança). A empresa vê a lista de presença.",
  support_group: "Encontro clínico conduzido por psicólogo(a). A empresa vê só números, nunca nomes.",
};

/** ISO instant → the 'YYYY-MM-DDTHH:mm' of a datetime-local input, in the browser's zone. */
function toLocalInput(iso: string): string {
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

type Values = {
  kind: GroupSessionKind;
  title: string;
  description: string;
  facilitatorName: string;
  facilitatorEmail: string;
  startsAt: string;
  durationMinutes: string;
  capacity: string;
  modality: "online" | "in_person";
  location: string;
  /** '' for a named facilitator, or a platform psychologist's id. */
  facilitatorPsychologistId: string;
  audience: "company" | "sectors";
  sectorIds: string[];
};

function initialValues(session: ManagedSession | undefined, kind: GroupSessionKind): Values {
  if (!session)
    return {
      kind,
      title: "",
      description: "",
      facilitatorName: "",
      facilitatorEmail: "",
      startsAt: "",
      durationMinutes: "60",
      capacity: "20",
      modality: "online",
      location: "",
      facilitatorPsychologistId: "",
      audience: "company",
      sectorIds: [],
    };
  return {
    kind: session.kind,
    title: session.title,
    description: session.description,
    facilitatorName: session.facilitatorName,
    facilitatorEmail: session.facilitatorEmail ?? "",
    startsAt: toLocalInput(session.startsAt),
    durationMinutes: String(session.durationMinutes),
    capacity: String(session.capacity),
    modality: session.modality,
    location: session.location,
    facilitatorPsychologistId: session.facilitatorPsychologistId ?? "",
    audience: session.audience === "sectors" ? "sectors" : "company",
    sectorIds: session.sectors.map((sector) => sector.id),
  };
}

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
  const [values, setValues] = useState(() => initialValues(session, initialKind));
  const options = useSessionOptions(scope);
  const sectors = options.data?.sectors ?? [];
  const psychologists = options.data?.psychologists ?? [];
  const isNamed = values.facilitatorPsychologistId === "";
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const isPending = create.isPending || update.isPending;
  const set = (key: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const startsAt = values.startsAt ? new Date(values.startsAt) : null;
    const payload = {
      title: values.title,
      description: values.description,
      // A platform psychologist brings their own name and e-mail (the server fills them in).
      facilitatorName: isNamed
        ? values.facilitatorName
        : (psychologists.find((row) => row.id === values.facilitatorPsychologistId)?.name ?? "Psicólogo(a)"),
      facilitatorEmail: isNamed ? values.facilitatorEmail : "",
      facilitatorPsychologistId: values.facilitatorPsychologistId,
      startsAt: startsAt && !Number.isNaN(startsAt.getTime()) ? startsAt.toISOString() : "",
      durationMinutes: values.durationMinutes,
      capacity: values.capacity,
      modality: values.modality,
      location: values.location,
    };
    const full = session
      ? payload
      : {
          ...payload,
          kind: values.kind,
          audience: scope.isPlatform ? ("platform" as const) : values.audience,
          ...(values.audience === "sectors" && !scope.isPlatform ? { sectorIds: values.sectorIds } : {}),
          ...(scope.companyId && !scope.isPlatform ? { companyId: scope.companyId } : {}),
        };
    const parsed = (session ? groupSessionUpdateSchema : groupSessionInputSchema).safeParse(full);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const result = session
        ? await update.mutateAsync(parsed.data as Parameters<typeof update.mutateAsync>[0])
        : await create.mutateAsync(parsed.data as Parameters<typeof create.mutateAsync>[0]);
      toast.success(result.message);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.field) setErrors({ [error.field]: error.message });
      else
        setFormError(
          error instanceof ApiError && error.status < 500 ? error.message : "Não foi possível salvar. Tente novamente.",
        );
    }
  };

  const input = (
    key: keyof Values,
    label: string,
    props: React.InputHTMLAttributes<HTMLInputElement> = {},
    hint?: string,
  ) => (
    <Field id={`sessao-${key}`} label={label} error={errors[key]} hint={hint}>
      <Input value={values[key]} onChange={set(key)} {...describedBy(`sessao-${key}`, errors[key])} {...props} />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
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
                  name="sessao-tipo"
                  value={kind}
                  checked={values.kind === kind}
                  onChange={() => setValues((current) => ({ ...current, kind }))}
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
            ).map(([audience, label]) => (
              <label key={audience} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="sessao-publico"
                  checked={values.audience === audience}
                  disabled={audience === "sectors" && sectors.length === 0}
                  onChange={() => setValues((current) => ({ ...current, audience }))}
                  className="size-4 accent-primary"
                />
                {label}
              </label>
            ))}
          </div>
          {sectors.length === 0 && options.isSuccess ? (
            <p className="text-xs text-muted">
              Para escolher setores, cadastre-os em Riscos Psicossociais e indique o setor de cada pessoa em Equipe.
            </p>
          ) : null}
          {values.audience === "sectors" ? (
            <ul aria-label="Setores" className="grid gap-1 rounded-md border border-border p-3">
              {sectors.map((sector) => (
                <li key={sector.id} className={sector.parentId ? "pl-6" : undefined}>
                  <label className="flex min-h-11 items-center gap-3 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={values.sectorIds.includes(sector.id)}
                      onChange={(event) =>
                        setValues((current) => ({
                          ...current,
                          sectorIds: event.target.checked
                            ? [...current.sectorIds, sector.id]
                            : current.sectorIds.filter((id) => id !== sector.id),
                        }))
                      }
                    />
                    {sector.name}
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
          {values.audience === "sectors" ? (
            <p className="text-xs text-muted">
              Cada setor inclui os que estão abaixo dele. Só essas pessoas veem o encontro.
            </p>
          ) : null}
          {errors.sectorIds ? (
            <p id="sessao-setores-erro" role="alert" className="text-sm text-danger">
              {errors.sectorIds}
            </p>
          ) : null}
        </fieldset>
      )}
      {input("title", "Título", { maxLength: 120 })}
      <Field id="sessao-description" label="Descrição" error={errors.description}>
        <Textarea id="sessao-description" value={values.description} onChange={set("description")} maxLength={2000} />
      </Field>
      <Field
        id="sessao-facilitador"
        label="Quem conduz"
        error={errors.facilitatorPsychologistId}
        hint={
          isNamed
            ? "Um(a) especialista convidado(a) ou alguém da empresa."
            : "Psicólogo(a) verificado(a) do Sereno: registra a presença depois do encontro."
        }
      >
        <Select
          value={values.facilitatorPsychologistId}
          onChange={set("facilitatorPsychologistId")}
          {...describedBy("sessao-facilitador", errors.facilitatorPsychologistId)}
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
              <input
                type="radio"
                name="sessao-modalidade"
                checked={values.modality === modality}
                onChange={() => setValues((current) => ({ ...current, modality }))}
                className="size-4 accent-primary"
              />
              {modality === "online" ? "On-line" : "Presencial"}
            </label>
          ))}
        </div>
      </fieldset>
      {values.modality === "online"
        ? input(
            "location",
            "Link da sala",
            { type: "url", placeholder: "https://" },
            "Quem se inscreveu vê o link 15 minutos antes do início.",
          )
        : input("location", "Local", { maxLength: 500 }, "Ex.: Sala 4, 2º andar")}
      {formError ? (
        <p role="alert" className="text-sm text-danger">
          {formError}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Voltar
        </Button>
        <Button type="submit" disabled={isPending}>
          {session ? "Salvar alterações" : "Criar encontro"}
        </Button>
      </div>
    </form>
  );
}
