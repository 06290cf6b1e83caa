import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { dateFieldMessages } from "#core/date-field-messages.ts";
import { formatDayPtBR } from "#core/format.ts";
import { shownEmail } from "#core/internal-address.ts";
import { type CaseStatus, caseCategories, caseStatuses, caseStatusIds } from "#core/listening.ts";
import { loadFailed, messages } from "#core/messages.ts";
import { DateField } from "#web/components/date-field.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { Field, FormError, Select, Textarea } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { AttachmentPicker, attachmentProblem } from "./attachment-picker.tsx";
import { handlerAttachmentHref, useHandlerCase, useHandlerMessage, useUpdateCase } from "./listening.queries.ts";
import { isNotHandler, NotHandlerPanel } from "./not-handler-panel.tsx";
import { Thread } from "./thread.tsx";

const refusal = (error: unknown) =>
  error instanceof ApiError && error.status < 500 && !error.isNetwork ? error.message : messages.internalError;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The deadline saves itself once a whole day is typed or picked, and when it is emptied and left. */
function DeadlineField({ saved, onSave }: { saved: string | null; onSave: (day: string | null) => void }) {
  const [value, setValue] = useState(saved ?? "");
  const [isLeft, setLeft] = useState(false);
  const isUnfinished = value !== "" && !ISO_DAY.test(value);
  return (
    <DateField
      id="caso-prazo"
      label="Prazo"
      value={value}
      error={isLeft && isUnfinished ? dateFieldMessages.incomplete : undefined}
      onChange={(next) => {
        setValue(next);
        setLeft(false);
        if (ISO_DAY.test(next) && next !== saved) onSave(next);
      }}
      onBlur={() => {
        setLeft(true);
        if (value === "" && saved) onSave(null);
      }}
    />
  );
}

/** One case for its handlers: the thread with internal notes, a reply or a note, the status and the deadline. */
export function CaseView({ id }: { id: string }) {
  const view = useHandlerCase(id);
  const post = useHandlerMessage(id);
  const update = useUpdateCase(id);
  const [text, setText] = useState("");
  const [isInternal, setIsInternal] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string>();

  async function send(event: React.FormEvent) {
    event.preventDefault();
    setError(undefined);
    if (attachmentProblem(files)) return;
    try {
      await post.mutateAsync({ body: text, isInternal, files });
      toast.success(isInternal ? "Nota interna registrada." : "Resposta enviada.");
      setText("");
      setFiles([]);
    } catch (failure) {
      setError(refusal(failure));
    }
  }

  async function change(input: { status?: CaseStatus; deadlineOn?: string | null }) {
    try {
      await update.mutateAsync(input);
      toast.success("Caso atualizado.");
    } catch (failure) {
      toast.error(refusal(failure));
    }
  }

  if (isNotHandler(view.error)) return <NotHandlerPanel />;
  return (
    <div className="space-y-4">
      <Link to="/escuta/casos" className="inline-flex min-h-11 items-center gap-2 text-sm text-primary underline">
        <ArrowLeft aria-hidden className="size-4" /> Todos os casos
      </Link>
      <QueryPanel query={view} errorMessage={loadFailed("o caso")}>
        {(data) => (
          <div className="space-y-4">
            <Card className="space-y-4">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="font-mono text-lg font-semibold">{data.protocol}</h2>
                <Badge tone={data.kind === "denuncia" ? "accent" : "neutral"}>
                  {caseCategories[data.category].label}
                </Badge>
                <span className="text-sm text-muted">recebido em {formatDayPtBR(data.receivedOn)}</span>
              </div>
              <p className="text-sm">
                {data.reporter
                  ? `Identificado(a): ${data.reporter.name} (${shownEmail(data.reporter.email)})`
                  : "Anônimo"}
              </p>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field id="caso-situacao" label="Situação">
                  <Select
                    id="caso-situacao"
                    value={data.status}
                    onChange={(event) => void change({ status: event.target.value as CaseStatus })}
                  >
                    {caseStatusIds.map((status) => (
                      <option key={status} value={status}>
                        {caseStatuses[status]}
                      </option>
                    ))}
                  </Select>
                </Field>
                <DeadlineField saved={data.deadlineOn} onSave={(deadlineOn) => void change({ deadlineOn })} />
              </div>
            </Card>
            <Card className="space-y-4">
              <h3 className="font-semibold">Conversa</h3>
              <Thread
                messages={data.messages}
                reporterLabel="Pessoa que escreveu"
                hrefOf={(attachment) => handlerAttachmentHref(data.id, attachment)}
              />
              <form onSubmit={(event) => void send(event)} noValidate className="space-y-3">
                <Field id="caso-texto" label={isInternal ? "Nota interna (só a equipe vê)" : "Resposta para a pessoa"}>
                  <Textarea id="caso-texto" rows={4} value={text} onChange={(event) => setText(event.target.value)} />
                </Field>
                <AttachmentPicker id="caso-anexos" files={files} onChange={setFiles} />
                <label className="flex items-center gap-3 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={isInternal}
                    onChange={(event) => setIsInternal(event.target.checked)}
                  />
                  É uma nota interna
                </label>
                <FormError message={error} />
                <Button type="submit" disabled={post.isPending || text.trim() === ""}>
                  {isInternal ? "Registrar nota" : "Enviar resposta"}
                </Button>
              </form>
            </Card>
          </div>
        )}
      </QueryPanel>
    </div>
  );
}
