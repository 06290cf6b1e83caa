import { zodResolver } from "@hookform/resolvers/zod";
import { Check, CheckCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { type CareMessage, messageInputSchema } from "#core/schemas/care.ts";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Textarea } from "#web/components/ui/field.tsx";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { useSendMessage } from "./care.queries.ts";
import { careWhen, errorText } from "./care-format.ts";

export function MessageThread({
  otherId,
  otherName,
  list,
}: {
  otherId: string;
  otherName: string;
  list: CareMessage[];
}) {
  const send = useSendMessage(otherId);
  const form = useForm<z.input<typeof messageInputSchema>>({
    resolver: zodResolver(messageInputSchema),
    defaultValues: { body: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const isEmpty = !form.watch("body").trim();
  const end = useRef<HTMLLIElement>(null);
  const count = list.length;

  const onSubmit = form.handleSubmit(async ({ body }) => {
    try {
      await send.mutateAsync(body);
      form.reset();
    } catch (error) {
      toast.error(errorText(error, "Não foi possível enviar a mensagem."));
    }
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when a message arrives, i.e. when the count changes.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "nearest" });
  }, [count]);
  return (
    <div className="flex flex-col gap-3">
      <ol aria-label={`Conversa com ${otherName}`} className="flex max-h-[28rem] flex-col gap-2 overflow-y-auto pr-1">
        {list.length === 0 ? <li className="text-sm text-muted">Nenhuma mensagem ainda.</li> : null}
        {list.map((message) => (
          <li
            key={message.id}
            className={cn(
              "max-w-[85%] rounded-lg px-3 py-2 text-sm",
              message.mine ? "self-end bg-primary-soft" : "self-start bg-surface-2",
            )}
          >
            <p className="whitespace-pre-wrap break-words">{message.body}</p>
            <p className="mt-1 flex items-center gap-1 text-xs text-muted">
              {careWhen(message.createdAt)}
              {message.mine ? (
                message.readAt ? (
                  <span className="inline-flex items-center gap-0.5">
                    <CheckCheck aria-hidden className="size-3.5" /> Lida
                  </span>
                ) : (
                  <span className="inline-flex items-center gap-0.5">
                    <Check aria-hidden className="size-3.5" /> Enviada
                  </span>
                )
              ) : null}
            </p>
          </li>
        ))}
        {/* The scroll anchor: a list item, as only items may sit in a list (axe 'list'). */}
        <li ref={end} aria-hidden="true" />
      </ol>
      <form className="space-y-2" onSubmit={onSubmit} noValidate>
        <label htmlFor="nova-mensagem" className="sr-only">
          Mensagem para {otherName}
        </label>
        <Textarea
          {...describedBy("nova-mensagem", errors.body?.message)}
          maxLength={4000}
          placeholder="Escreva sua mensagem"
          {...form.register("body")}
        />
        {errors.body?.message ? (
          <p id="nova-mensagem-error" role="alert" className="text-sm text-danger">
            {errors.body.message}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting || isEmpty}>
            Enviar
          </Button>
        </div>
      </form>
    </div>
  );
}
