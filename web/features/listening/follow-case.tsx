import { useState } from "react";
import { caseCategories, caseStatuses } from "#core/listening.ts";
import { messages } from "#core/messages.ts";
import type { FollowedCase } from "#core/schemas/listening.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { Field, FormError, Input, Textarea } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api.ts";
import { AttachmentPicker, attachmentProblem } from "./attachment-picker.tsx";
import { downloadFollowedAttachment, useFollowCase, useFollowReply } from "./listening.queries.ts";
import { Thread } from "./thread.tsx";

const refusal = (error: unknown) =>
  error instanceof ApiError && error.status < 500 && !error.isNetwork ? error.message : messages.internalError;

/**
 * Following a case with protocol and secret alone, signed in or not: the
 * account is never asked for, and nothing is kept after the page closes.
 */
export function FollowCase() {
  const [protocol, setProtocol] = useState("");
  const [secret, setSecret] = useState("");
  const [reply, setReply] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [opened, setOpened] = useState<FollowedCase | null>(null);
  const [error, setError] = useState<string>();
  const follow = useFollowCase();
  const answer = useFollowReply();

  async function open(event: React.FormEvent) {
    event.preventDefault();
    setError(undefined);
    try {
      setOpened(await follow.mutateAsync({ protocol, secret }));
    } catch (failure) {
      setError(refusal(failure));
    }
  }

  async function send(event: React.FormEvent) {
    event.preventDefault();
    setError(undefined);
    if (attachmentProblem(files)) return;
    try {
      setOpened(await answer.mutateAsync({ protocol, secret, body: reply, files }));
      setReply("");
      setFiles([]);
    } catch (failure) {
      setError(refusal(failure));
    }
  }

  if (!opened) {
    return (
      <Card>
        <form onSubmit={(event) => void open(event)} noValidate className="space-y-4">
          <Field id="escuta-protocolo" label="Protocolo">
            <Input
              id="escuta-protocolo"
              autoComplete="off"
              placeholder="ESC-XXXX-XXXX"
              value={protocol}
              onChange={(event) => setProtocol(event.target.value)}
            />
          </Field>
          <Field id="escuta-senha" label="Senha do caso">
            <Input
              id="escuta-senha"
              type="password"
              autoComplete="off"
              placeholder="XXXX-XXXX-XXXX-XXXX"
              value={secret}
              onChange={(event) => setSecret(event.target.value)}
            />
          </Field>
          <FormError message={error} />
          <Button type="submit" disabled={follow.isPending}>
            {follow.isPending ? "Abrindo..." : "Abrir caso"}
          </Button>
        </form>
      </Card>
    );
  }

  return (
    <div className="space-y-4">
      <Card className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold">Caso {opened.protocol}</h2>
          <Badge tone="primary">{caseStatuses[opened.status]}</Badge>
          <Badge>{caseCategories[opened.category].label}</Badge>
        </div>
        <Thread
          messages={opened.messages}
          reporterLabel="Você"
          download={(attachment) =>
            void downloadFollowedAttachment({ protocol, secret }, attachment).catch((failure: unknown) =>
              setError(refusal(failure)),
            )
          }
        />
      </Card>
      <Card>
        <form onSubmit={(event) => void send(event)} noValidate className="space-y-3">
          <Field id="escuta-resposta" label="Responder">
            <Textarea id="escuta-resposta" rows={4} value={reply} onChange={(event) => setReply(event.target.value)} />
          </Field>
          <AttachmentPicker id="escuta-resposta-anexos" files={files} onChange={setFiles} />
          <FormError message={error} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={answer.isPending || reply.trim() === ""}>
              {answer.isPending ? "Enviando..." : "Enviar resposta"}
            </Button>
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setOpened(null);
                setSecret("");
                setFiles([]);
              }}
            >
              Sair deste caso
            </Button>
          </div>
        </form>
      </Card>
      <Alert tone="info" live={false}>
        Ninguém é avisado de que você leu as respostas.
      </Alert>
    </div>
  );
}
