import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import {
  type AdminPsychologist,
  brazilianStates,
  type PsychologistInput,
  psychologistInputSchema,
} from "#core/schemas/care.ts";
import { DateField } from "#web/components/date-field.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, FormError, Input, Select, Textarea } from "#web/components/ui/field.tsx";
import { firstMessage, showServerError } from "#web/lib/form-errors.ts";
import { toast } from "#web/lib/toast.ts";
import { useInvitePsychologist, useSetPsychologistPhoto, useUpdatePsychologist } from "./care.queries.ts";
import { errorText } from "./care-format.ts";
import { PhotoPicker } from "./photo-picker.tsx";

/** The fields as typed: lists are one text each, separated by commas. */
type PsychologistValues = {
  fullName: string;
  email: string;
  crpNumber: string;
  crpUf: string;
  epsiConfirmedOn: string;
  approaches: string;
  specialties: string;
  languages: string;
  inPersonCity: string;
  online: boolean;
  bio: string;
};

const list = (text: string) =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

// The lists split at the commas, no languages means Portuguese, no city means online only; then the server's schema.
const psychologistFormSchema = z
  .custom<PsychologistValues>()
  .transform(
    (values): PsychologistInput => ({
      ...values,
      crpUf: values.crpUf as PsychologistInput["crpUf"],
      approaches: list(values.approaches),
      specialties: list(values.specialties),
      languages: list(values.languages).length ? list(values.languages) : ["Português"],
      inPersonCity: values.inPersonCity.trim() || null,
    }),
  )
  .pipe(psychologistInputSchema);

function valuesOf(editing: AdminPsychologist | undefined): PsychologistValues {
  return {
    fullName: editing?.fullName ?? "",
    email: editing?.email ?? "",
    crpNumber: editing?.crpNumber ?? "",
    crpUf: editing?.crpUf ?? "SP",
    epsiConfirmedOn: editing?.epsiConfirmedOn ?? "",
    approaches: editing?.approaches.join(", ") ?? "",
    specialties: editing?.specialties.join(", ") ?? "",
    languages: editing?.languages.join(", ") ?? "Português",
    inPersonCity: editing?.inPersonCity ?? "",
    online: editing?.online ?? true,
    bio: editing?.bio ?? "",
  };
}

/**
 * The admin records a psychologist and invites them by e-mail (issue 13), or,
 * given `editing`, corrects that profile (all but the e-mail and the photo,
 * which has its own buttons in the list).
 */
export function PsychologistForm({ editing, onSaved }: { editing?: AdminPsychologist; onSaved?: () => void } = {}) {
  const invite = useInvitePsychologist();
  const update = useUpdatePsychologist();
  const setPhoto = useSetPsychologistPhoto();
  const id = (name: string) => `${editing ? "editar" : "psi"}-${name}`;
  const [photo, setPhotoFile] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const form = useForm<PsychologistValues, unknown, z.output<typeof psychologistInputSchema>>({
    resolver: zodResolver(psychologistFormSchema),
    defaultValues: valuesOf(editing),
  });
  const { errors, isSubmitting } = form.formState;

  function startOver() {
    toast.success("Convite enviado. O cadastro aparece na lista abaixo.");
    form.reset();
    setPhotoFile(null);
    setPickerKey((key) => key + 1);
  }

  const onSubmit = form.handleSubmit(async ({ email, ...profile }) => {
    setPhotoError(null);
    if (editing) {
      // The e-mail is the account's: checked with the rest, never sent as a change.
      try {
        await update.mutateAsync({ id: editing.id, profile });
        toast.success("Perfil atualizado.");
        onSaved?.();
      } catch (failure) {
        showServerError(form, failure, errorText(failure, "Não foi possível salvar agora."));
      }
      return;
    }
    let created: AdminPsychologist;
    try {
      created = await invite.mutateAsync({ ...profile, email });
    } catch (failure) {
      showServerError(form, failure, errorText(failure, "Não foi possível convidar agora."));
      return;
    }
    if (!photo) return startOver();
    // The profile exists now: a refused photo is said under the picker, and can be sent again from the list.
    try {
      await setPhoto.mutateAsync({ id: created.id, file: photo });
      startOver();
    } catch (failure) {
      startOver();
      setPhotoError(
        `${errorText(failure, "Não foi possível enviar a foto.")} Envie outra pela lista abaixo, em “Enviar foto”.`,
      );
    }
  });

  const approachesError = firstMessage(errors.approaches);
  const specialtiesError = firstMessage(errors.specialties);
  const languagesError = firstMessage(errors.languages);

  return (
    <form className="grid gap-3 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
      <Field id={id("nome")} label="Nome completo" error={errors.fullName?.message}>
        <Input
          {...describedBy(id("nome"), errors.fullName?.message)}
          required
          maxLength={120}
          {...form.register("fullName")}
        />
      </Field>
      <Field
        id={id("email")}
        label="E-mail"
        hint={editing ? "O e-mail é o da conta e não muda aqui." : undefined}
        error={errors.email?.message}
      >
        <Input
          {...describedBy(id("email"), errors.email?.message, Boolean(editing))}
          type="email"
          required={!editing}
          readOnly={Boolean(editing)}
          {...form.register("email")}
        />
      </Field>
      <Field id={id("crp")} label="Número do CRP" hint="Ex.: 06/123456" error={errors.crpNumber?.message}>
        <Input
          {...describedBy(id("crp"), errors.crpNumber?.message, true)}
          required
          placeholder="06/123456"
          {...form.register("crpNumber")}
        />
      </Field>
      <Field id={id("uf")} label="UF do CRP" error={errors.crpUf?.message}>
        <Select {...describedBy(id("uf"), errors.crpUf?.message)} {...form.register("crpUf")}>
          {brazilianStates.map((uf) => (
            <option key={uf}>{uf}</option>
          ))}
        </Select>
      </Field>
      <Controller
        control={form.control}
        name="epsiConfirmedOn"
        render={({ field }) => (
          <DateField
            id={id("epsi")}
            label="Cadastro e-Psi confirmado em"
            error={errors.epsiConfirmedOn?.message}
            required
            {...field}
          />
        )}
      />
      <Field id={id("abordagens")} label="Abordagens" hint="Separe por vírgulas" error={approachesError}>
        <Input
          {...describedBy(id("abordagens"), approachesError, true)}
          placeholder="TCC, Psicanálise"
          {...form.register("approaches")}
        />
      </Field>
      <Field id={id("especialidades")} label="Especialidades" hint="Separe por vírgulas" error={specialtiesError}>
        <Input
          {...describedBy(id("especialidades"), specialtiesError, true)}
          placeholder="Ansiedade, Burnout"
          {...form.register("specialties")}
        />
      </Field>
      <Field id={id("idiomas")} label="Idiomas" hint="Separe por vírgulas" error={languagesError}>
        <Input {...describedBy(id("idiomas"), languagesError, true)} {...form.register("languages")} />
      </Field>
      <Field
        id={id("cidade")}
        label="Cidade do atendimento presencial"
        hint="Deixe vazio se só atende online"
        error={errors.inPersonCity?.message}
      >
        <Input {...describedBy(id("cidade"), errors.inPersonCity?.message, true)} {...form.register("inPersonCity")} />
      </Field>
      {editing ? null : (
        <PhotoPicker
          key={pickerKey}
          id="psi-foto"
          file={photo}
          error={photoError}
          onChoose={(file) => {
            setPhotoError(null);
            setPhotoFile(file);
          }}
        />
      )}
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" className="size-4" {...form.register("online")} /> Atende online
      </label>
      <Field id={id("bio")} label="Apresentação curta" error={errors.bio?.message} className="sm:col-span-2">
        <Textarea {...describedBy(id("bio"), errors.bio?.message)} maxLength={600} {...form.register("bio")} />
      </Field>
      <FormError message={errors.root?.message} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Enviando..." : editing ? "Salvar perfil" : "Cadastrar e convidar"}
        </Button>
      </div>
    </form>
  );
}
