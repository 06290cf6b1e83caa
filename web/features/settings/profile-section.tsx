import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil, UserRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { isInternalAddress, shownEmail } from "#core/internal-address.ts";
import { updateMeInputSchema } from "#core/schemas/me.ts";
import { settingsMessages } from "#core/settings-messages.ts";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, Input } from "#web/components/ui/field.tsx";
import { useUpdateMe, useViewer } from "#web/lib/session.ts";
import { SectionStatus } from "./section-status.tsx";
import { saveErrorMessage } from "./settings.queries.ts";
import { SettingsSection } from "./settings-section.tsx";
import { useSectionStatus } from "./use-section-status.ts";

const profileInputSchema = updateMeInputSchema.pick({ name: true }).required();
type ProfileInput = z.infer<typeof profileInputSchema>;

/** Spec 4: the name is editable only after 'Editar'; it is trimmed on save (the schema trims). */
export function ProfileSection() {
  const viewer = useViewer();
  // People who activated without any e-mail have an internal address that is nobody's (docs/decisions/045).
  const hasEmail = !isInternalAddress(viewer.email);
  const updateMe = useUpdateMe();
  const status = useSectionStatus();
  const [isEditing, setIsEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileInputSchema),
    defaultValues: { name: viewer.name },
  });
  const { errors, isSubmitting } = form.formState;

  // Outside edit mode the field mirrors the profile, even when it changes elsewhere.
  useEffect(() => {
    if (!isEditing) form.reset({ name: viewer.name });
  }, [form, isEditing, viewer.name]);

  useEffect(() => {
    if (isEditing) form.setFocus("name", { shouldSelect: true });
    else if (returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [form, isEditing]);

  function startEditing() {
    status.clear();
    setIsEditing(true);
  }

  function stopEditing() {
    returnFocus.current = true;
    setIsEditing(false);
  }

  const onSubmit = form.handleSubmit(async ({ name }) => {
    status.clear();
    try {
      await updateMe.mutateAsync({ name });
      stopEditing();
      status.succeed(settingsMessages.settingsSaved);
    } catch (error) {
      status.fail(saveErrorMessage(error));
    }
  });

  return (
    <SettingsSection
      id="perfil"
      icon={UserRound}
      title="Perfil"
      description="Como você aparece no Sereno para você e para sua equipe."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field id="perfil-nome" label="Nome" error={errors.name?.message}>
          <Input
            {...describedBy("perfil-nome", errors.name?.message)}
            autoComplete="name"
            readOnly={!isEditing}
            onKeyDown={(event) => {
              if (isEditing && event.key === "Escape") stopEditing();
            }}
            {...form.register("name")}
          />
        </Field>
        <Field
          id="perfil-email"
          label="E-mail"
          hint={
            hasEmail
              ? "O e-mail da conta vem do convite da sua empresa e não pode ser alterado aqui."
              : "Sua conta não tem e-mail: você entra com sua chave de acesso (Chaves de acesso, abaixo)."
          }
        >
          <Input
            id="perfil-email"
            aria-describedby="perfil-email-hint"
            type={hasEmail ? "email" : "text"}
            value={shownEmail(viewer.email)}
            readOnly
          />
        </Field>
        <SectionStatus status={status.status} />
        <div className="flex flex-wrap gap-2">
          {isEditing ? (
            <>
              {/* Keys keep React from turning the clicked 'Editar' into this submit button mid-click. */}
              <Button key="salvar" type="submit" disabled={isSubmitting}>
                {isSubmitting ? "Salvando..." : "Salvar"}
              </Button>
              <Button variant="ghost" onClick={stopEditing} disabled={isSubmitting}>
                Cancelar
              </Button>
            </>
          ) : (
            <Button key="editar" ref={editButton} variant="secondary" onClick={startEditing}>
              <Pencil aria-hidden className="size-4" strokeWidth={1.75} />
              Editar
            </Button>
          )}
        </div>
      </form>
    </SettingsSection>
  );
}
