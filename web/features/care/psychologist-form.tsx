import { useState } from "react";
import { toast } from "sonner";
import { brazilianStates } from "#core/schemas/care.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Field, Input, Select, Textarea } from "#web/components/ui/field.tsx";
import { useInvitePsychologist, useSetPsychologistPhoto } from "./care.queries.ts";
import { errorText } from "./care-format.ts";
import { PhotoPicker } from "./photo-picker.tsx";

const list = (text: string) =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

/** The admin records a psychologist and invites them by e-mail (issue 13). */
export function PsychologistForm() {
  const invite = useInvitePsychologist();
  const setPhoto = useSetPsychologistPhoto();
  const [error, setError] = useState<string | null>(null);
  const [photo, setPhotoFile] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  return (
    <form
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const data = new FormData(form);
        const value = (name: string) => String(data.get(name) ?? "").trim();
        setError(null);
        setPhotoError(null);
        invite.mutate(
          {
            fullName: value("fullName"),
            email: value("email"),
            crpNumber: value("crpNumber"),
            crpUf: value("crpUf") as (typeof brazilianStates)[number],
            epsiConfirmedOn: value("epsiConfirmedOn"),
            approaches: list(value("approaches")),
            specialties: list(value("specialties")),
            languages: list(value("languages")).length ? list(value("languages")) : ["Português"],
            online: data.get("online") === "on",
            inPersonCity: value("inPersonCity") || null,
            bio: value("bio"),
          },
          {
            onSuccess: (created) => {
              const done = () => {
                toast.success("Convite enviado. O cadastro aparece na lista abaixo.");
                form.reset();
                setPhotoFile(null);
                setPickerKey((key) => key + 1);
              };
              if (!photo) return done();
              // The profile exists now: a refused photo is said under the picker, and can be sent again from the list.
              setPhoto.mutate(
                { id: created.id, file: photo },
                {
                  onSuccess: done,
                  onError: (failure) => {
                    form.reset();
                    setPhotoFile(null);
                    setPickerKey((key) => key + 1);
                    toast.success("Convite enviado. O cadastro aparece na lista abaixo.");
                    setPhotoError(
                      `${errorText(failure, "Não foi possível enviar a foto.")} Envie outra pela lista abaixo, em “Enviar foto”.`,
                    );
                  },
                },
              );
            },
            onError: (failure) => setError(errorText(failure, "Não foi possível convidar agora.")),
          },
        );
      }}
    >
      <Field id="psi-nome" label="Nome completo">
        <Input id="psi-nome" name="fullName" required maxLength={120} />
      </Field>
      <Field id="psi-email" label="E-mail">
        <Input id="psi-email" name="email" type="email" required />
      </Field>
      <Field id="psi-crp" label="Número do CRP" hint="Ex.: 06/123456">
        <Input id="psi-crp" name="crpNumber" required placeholder="06/123456" />
      </Field>
      <Field id="psi-uf" label="UF do CRP">
        <Select id="psi-uf" name="crpUf" defaultValue="SP">
          {brazilianStates.map((uf) => (
            <option key={uf}>{uf}</option>
          ))}
        </Select>
      </Field>
      <Field id="psi-epsi" label="Cadastro e-Psi confirmado em">
        <Input id="psi-epsi" name="epsiConfirmedOn" type="date" required />
      </Field>
      <Field id="psi-abordagens" label="Abordagens" hint="Separe por vírgulas">
        <Input id="psi-abordagens" name="approaches" placeholder="TCC, Psicanálise" />
      </Field>
      <Field id="psi-especialidades" label="Especialidades" hint="Separe por vírgulas">
        <Input id="psi-especialidades" name="specialties" placeholder="Ansiedade, Burnout" />
      </Field>
      <Field id="psi-idiomas" label="Idiomas" hint="Separe por vírgulas">
        <Input id="psi-idiomas" name="languages" defaultValue="Português" />
      </Field>
      <Field id="psi-cidade" label="Cidade do atendimento presencial" hint="Deixe vazio se só atende online">
        <Input id="psi-cidade" name="inPersonCity" />
      </Field>
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
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" name="online" defaultChecked className="size-4" /> Atende online
      </label>
      <Field id="psi-bio" label="Apresentação curta" className="sm:col-span-2">
        <Textarea id="psi-bio" name="bio" maxLength={600} />
      </Field>
      {error ? (
        <p role="alert" className="text-sm text-danger sm:col-span-2">
          {error}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={invite.isPending || setPhoto.isPending}>
          {invite.isPending || setPhoto.isPending ? "Enviando..." : "Cadastrar e convidar"}
        </Button>
      </div>
    </form>
  );
}
