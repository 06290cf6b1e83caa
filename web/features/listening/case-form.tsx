import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { type CaseKind, caseCategories, categoriesOf } from "#core/listening.ts";
import { messages } from "#core/messages.ts";
import { type NewCaseInput, type NewCaseReply, newCaseInputSchema } from "#core/schemas/listening.ts";
import { findSensitive, maskSensitive, sensitiveKindLabels } from "#core/sensitive-text.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { describedBy, Field, FormError, Select, Textarea } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api.ts";
import { showServerError } from "#web/lib/form-errors.ts";
import { AttachmentPicker, attachmentProblem } from "./attachment-picker.tsx";
import { useHandlerChoices, useNewCase } from "./listening.queries.ts";

const kindLabels: Record<CaseKind, { title: string; hint: string }> = {
  mensagem: { title: "Mensagem", hint: "Uma sugestão, um elogio ou uma preocupação." },
  denuncia: { title: "Denúncia", hint: "Assédio, discriminação, violência ou outra conduta grave." },
};

/** Writing to the company: anonymous by default, with a warning when the text could identify someone. */
export function CaseForm({ onSent }: { onSent: (created: NewCaseReply) => void }) {
  const create = useNewCase();
  const choices = useHandlerChoices();
  const form = useForm<NewCaseInput>({
    resolver: zodResolver(newCaseInputSchema),
    defaultValues: { kind: "mensagem", category: "sugestao", body: "", identified: false, excludedHandlerIds: [] },
  });
  const { errors, isSubmitting } = form.formState;
  const kind = form.watch("kind");
  const body = form.watch("body") ?? "";
  const excluded = form.watch("excludedHandlerIds") ?? [];
  const findings = findSensitive(body);
  const [wasMasked, setWasMasked] = useState(false);
  const [files, setFiles] = useState<File[]>([]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (attachmentProblem(files)) return;
    try {
      onSent(await create.mutateAsync({ ...values, files }));
      form.reset();
      setFiles([]);
    } catch (error) {
      const message =
        error instanceof ApiError && error.status < 500 && !error.isNetwork ? error.message : messages.internalError;
      showServerError(form, error, message);
    }
  });

  const found = [...new Set(findings.map((finding) => sensitiveKindLabels[finding.kind]))];

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">O que você quer enviar?</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {(Object.keys(kindLabels) as CaseKind[]).map((option) => (
              <label
                key={option}
                className="flex cursor-pointer gap-3 rounded-md border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
              >
                <input
                  type="radio"
                  value={option}
                  className="mt-1"
                  {...form.register("kind", {
                    onChange: () => form.setValue("category", categoriesOf(option)[0] ?? "outro"),
                  })}
                />
                <span>
                  <span className="block font-medium">{kindLabels[option].title}</span>
                  <span className="block text-sm text-muted">{kindLabels[option].hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <Field id="escuta-categoria" label="Categoria" error={errors.category?.message}>
          <Select {...describedBy("escuta-categoria", errors.category?.message)} {...form.register("category")}>
            {categoriesOf(kind).map((id) => (
              <option key={id} value={id}>
                {caseCategories[id].label}
              </option>
            ))}
          </Select>
        </Field>

        <Field
          id="escuta-texto"
          label="Sua mensagem"
          error={errors.body?.message}
          hint="Conte o que aconteceu ou o que você quer dizer. Quem responde vê só a data, nunca o horário."
        >
          <Textarea
            rows={7}
            {...describedBy("escuta-texto", errors.body?.message, true)}
            {...form.register("body", { onChange: () => setWasMasked(false) })}
          />
        </Field>
        {found.length > 0 ? (
          <Alert tone="warning" title="Seu texto pode identificar alguém">
            <p>
              Encontramos {found.join(", ")}. Se quiser, trocamos esses trechos por marcas como [nome] antes de enviar.
            </p>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              className="mt-2 min-h-11"
              onClick={() => {
                form.setValue("body", maskSensitive(body, findings), { shouldValidate: true });
                setWasMasked(true);
              }}
            >
              Ocultar esses dados
            </Button>
          </Alert>
        ) : wasMasked ? (
          <Alert tone="success">Pronto: trocamos os trechos por marcas. Confira o texto antes de enviar.</Alert>
        ) : null}

        <AttachmentPicker id="escuta-anexos" files={files} onChange={setFiles} />

        <label className="flex items-start gap-3 text-sm">
          <input type="checkbox" className="mt-1 size-4" {...form.register("identified")} />
          <span>
            <span className="font-medium">Quero me identificar</span>
            <span className="block text-muted">
              Sem marcar, a mensagem é anônima: nada nela liga o caso à sua conta.
            </span>
          </span>
        </label>

        {choices.data && choices.data.items.length > 0 ? (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Quem não deve ver este caso (opcional)</legend>
            <p className="text-sm text-muted">Pessoas marcadas aqui nunca veem o caso, nem sabem que ele existe.</p>
            <div className="flex flex-col gap-2">
              {choices.data.items.map((handler) => (
                <label key={handler.id} className="flex items-center gap-3 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={excluded.includes(handler.id)}
                    onChange={(event) =>
                      form.setValue(
                        "excludedHandlerIds",
                        event.target.checked ? [...excluded, handler.id] : excluded.filter((id) => id !== handler.id),
                      )
                    }
                  />
                  {handler.name}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}

        <FormError message={errors.root?.message ?? errors.excludedHandlerIds?.message} />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Enviando..." : "Enviar"}
        </Button>
      </form>
    </Card>
  );
}
