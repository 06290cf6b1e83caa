import { useState } from "react";
import { toast } from "sonner";
import { type AdminPsychologist, brazilianStates } from "#core/schemas/care.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Field, Input, Select, Textarea } from "#web/components/ui/field.tsx";
import { useInvitePsychologist, useSetPsychologistPhoto, useUpdatePsychologist } from "./care.queries.ts";
import { errorText } from "./care-format.ts";
import { PhotoPicker } from "./photo-picker.tsx";

const list = (text: string) =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * The admin records a psychologist and invites them by e-mail (issue 13), or,
 * given `editing`, corrects that profile (all but the e-mail and the photo,
 * which has its own buttons in the list).
 */
export function PsychologistForm({ editing, onSaved }: { editing?: AdminPsychologist; onSaved?: () => void } = {}) {
  const invite = useInvitePsychologist();
  const update = useUpdatePsychologist();
  const id = (name: string) => `${editing ? "editar" : "psi"}-${name}`;
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
        const profile = {
          fullName: value("fullName"),
          crpNumber: value("crpNumber"),
          crpUf: value("crpUf") as (typeof brazilianStates)[number],
          epsiConfirmedOn: value("epsiConfirmedOn"),
          approaches: list(value("approaches")),
          specialties: list(value("specialties")),
          languages: list(value("languages")).length ? list(value("languages")) : ["Português"],
          online: data.get("online") === "on",
          inPersonCity: value("inPersonCity") || null,
          bio: value("bio"),
        };
        if (editing) {
          update.mutate(
            { id: editing.id, profile },
            {
              onSuccess: () => {
                toast.success("Perfil atualizado.");
                onSaved?.();
              },
              onError: (failure) => setError(errorText(failure, "Não foi possível salvar agora.")),
            },
          );
          return;
        }
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
      <Field id={id("nome")} label="Nome completo">
        <Input id={id("nome")} name="fullName" required maxLength={120} defaultValue={editing?.fullName} />
      </Field>
      <Field id={id("email")} label="E-mail" hint={editing ? "O e-mail é o da conta e não muda aqui." : undefined}>
        <Input
          id={id("email")}
          name="email"
          type="email"
          required={!editing}
          readOnly={Boolean(editing)}
          defaultValue={editing?.email}
        />
      </Field>
      <Field id={id("crp")} label="Número do CRP" hint="Ex.: 06/123456">
        <Input id={id("crp")} name="crpNumber" required placeholder="06/123456" defaultValue={editing?.crpNumber} />
      </Field>
      <Field id={id("uf")} label="UF do CRP">
        <Select id={id("uf")} name="crpUf" defaultValue={editing?.crpUf ?? "SP"}>
          {brazilianStates.map((uf) => (
            <option key={uf}>{uf}</option>
          ))}
        </Select>
      </Field>
      <Field id={id("epsi")} label="Cadastro e-Psi confirmado em">
        <Input id={id("epsi")} name="epsiConfirmedOn" type="date" required defaultValue={editing?.epsiConfirmedOn} />
      </Field>
      <Field id={id("abordagens")} label="Abordagens" hint="Separe por vírgulas">
        <Input
          id={id("abordagens")}
          name="approaches"
          placeholder="TCC, Psicanálise"
          defaultValue={editing?.approaches.join(", ")}
        />
      </Field>
      <Field id={id("especialidades")} label="Especialidades" hint="Separe por vírgulas">
        <Input
          id={id("especialidades")}
          name="specialties"
          placeholder="Ansiedade, Burnout"
          defaultValue={editing?.specialties.join(", ")}
        />
      </Field>
      <Field id={id("idiomas")} label="Idiomas" hint="Separe por vírgulas">
        <Input id={id("idiomas")} name="languages" defaultValue={editing?.languages.join(", ") ?? "Português"} />
      </Field>
      <Field id={id("cidade")} label="Cidade do atendimento presencial" hint="Deixe vazio se só atende online">
        <Input id={id("cidade")} name="inPersonCity" defaultValue={editing?.inPersonCity ?? ""} />
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
        <input type="checkbox" name="online" defaultChecked={editing?.online ?? true} className="size-4" /> Atende
        online
      </label>
      <Field id={id("bio")} label="Apresentação curta" className="sm:col-span-2">
        <Textarea id={id("bio")} name="bio" maxLength={600} defaultValue={editing?.bio} />
      </Field>
      {error ? (
        <p role="alert" className="text-sm text-danger sm:col-span-2">
          {error}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={invite.isPending || setPhoto.isPending || update.isPending}>
          {invite.isPending || setPhoto.isPending || update.isPending
            ? "Enviando..."
            : editing
              ? "Salvar perfil"
              : "Cadastrar e convidar"}
        </Button>
      </div>
    </form>
  );
}
