/**
 * The form that signs a document with the signer's own ICP-Brasil A1 certificate (docs/decisions/081,
 * 098): the professional registration, the .pfx/.p12 and its password, sent with the one request that
 * signs. The password field is emptied when the request settles, whatever the answer; nothing is kept.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, FormError, Input } from "#web/components/ui/field.tsx";
import { ApiError, api } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";

type Errors = { certificado?: string; senha?: string; registro?: string; form?: string };

export function CertificateSignForm({
  path,
  invalidates,
  registrationHint,
  note,
  onDone,
}: {
  /** The signing route, with the company's scope for an admin's view. */
  path: string;
  /** The queries to read again once signed. */
  invalidates: readonly unknown[];
  registrationHint: string;
  /** What the signed PDF carries and who can read it, said before signing. */
  note: ReactNode;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const write = useMutation({
    mutationFn: (body: FormData) => api<{ message: string }>(path, { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invalidates }),
  });
  const [errors, setErrors] = useState<Errors>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = new FormData(form);
    const missing = {
      registro: String(body.get("registro") ?? "").trim() ? undefined : "Informe o seu registro profissional.",
      certificado: (body.get("certificado") as File | null)?.size
        ? undefined
        : "Escolha o arquivo do certificado (.pfx ou .p12).",
      senha: body.get("senha") ? undefined : "Informe a senha do certificado.",
    };
    if (missing.registro || missing.certificado || missing.senha) return setErrors(missing);
    setErrors({});
    write.mutate(body, {
      onSuccess: (reply) => {
        toast.success(reply.message);
        onDone();
      },
      onError: (failure) => {
        const field = failure instanceof ApiError ? failure.field : undefined;
        setErrors(
          field === "certificado" || field === "senha" || field === "registro"
            ? { [field]: failure.message }
            : { form: failure.message },
        );
      },
      // The password leaves the page with the request: the field is emptied whatever the answer.
      onSettled: () => {
        const password = form.elements.namedItem("senha");
        if (password instanceof HTMLInputElement) password.value = "";
      },
    });
  };
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <Field id="registro" label="Registro profissional" error={errors.registro} hint={registrationHint}>
        <Input name="registro" maxLength={160} autoComplete="off" {...describedBy("registro", errors.registro, true)} />
      </Field>
      <Field
        id="certificado"
        label="Certificado digital A1 (.pfx ou .p12)"
        error={errors.certificado}
        hint="O nome que vai no documento é o do titular do certificado. O arquivo é usado só nesta assinatura e não fica guardado."
      >
        <Input
          name="certificado"
          type="file"
          accept=".pfx,.p12,application/x-pkcs12"
          className="py-2"
          {...describedBy("certificado", errors.certificado, true)}
        />
      </Field>
      <Field id="senha" label="Senha do certificado" error={errors.senha}>
        <Input name="senha" type="password" autoComplete="off" {...describedBy("senha", errors.senha)} />
      </Field>
      <p className="text-xs text-muted">{note}</p>
      <FormError message={errors.form} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={write.isPending}>
          {write.isPending ? "Assinando…" : "Assinar"}
        </Button>
      </div>
    </form>
  );
}
