/** 'Mensagens' (issue 13): private, text-only threads between a member and a psychologist they booked with. */
import { MessagesSquare } from "lucide-react";
import { useSearchParams } from "react-router";
import { EmptyState } from "#web/components/empty-state.tsx";
import { PageIntro } from "#web/components/page-intro.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Card, CardTitle } from "#web/components/ui/card.tsx";
import { useThread, useThreads } from "#web/features/care/care.queries.ts";
import { MessageThread } from "#web/features/care/message-thread.tsx";
import { cn } from "#web/lib/cn.ts";
import { useMe } from "#web/lib/session.ts";

export function meta() {
  return [{ title: "Mensagens | Sereno" }];
}

export default function CareMessagesPage() {
  const me = useMe();
  const isPsychologist = me.data?.role === "psychologist";
  const [search, setSearch] = useSearchParams();
  const threads = useThreads();
  const chosen = search.get("com") ?? threads.data?.[0]?.otherId ?? null;
  const thread = useThread(chosen);
  const current = threads.data?.find((item) => item.otherId === chosen);
  return (
    <div className="space-y-6">
      <PageIntro>
        {isPsychologist
          ? "Mensagens das pessoas que você atende, entre as sessões. Só texto; o aviso por e-mail nunca traz o conteúdo."
          : "Apoio entre as sessões com quem você já agendou. Só texto, e só vocês dois leem. Não é um canal de emergência: em crise, ligue 188 (CVV) ou 192 (SAMU)."}
      </PageIntro>
      <QueryPanel query={threads} errorMessage="Não foi possível carregar suas conversas.">
        {(list) =>
          list.length === 0 ? (
            <EmptyState icon={MessagesSquare} title="Nenhuma conversa ainda">
              {isPsychologist
                ? "As conversas aparecem quando alguém agenda com você."
                : "Depois de agendar com um(a) psicólogo(a), você pode escrever para ele(a) por aqui."}
            </EmptyState>
          ) : (
            <div className="grid items-start gap-6 md:grid-cols-[16rem_1fr]">
              <nav aria-label="Conversas">
                <ul className="space-y-1">
                  {list.map((item) => (
                    <li key={item.otherId}>
                      <button
                        type="button"
                        aria-current={item.otherId === chosen ? "true" : undefined}
                        onClick={() => setSearch({ com: item.otherId })}
                        className={cn(
                          "flex min-h-11 w-full items-center justify-between gap-2 rounded-md px-3 text-left text-sm hover:bg-surface-2",
                          item.otherId === chosen && "bg-primary-soft font-medium",
                        )}
                      >
                        {item.otherName}
                        {item.unread > 0 ? <Badge tone="primary">{item.unread} nova(s)</Badge> : null}
                      </button>
                    </li>
                  ))}
                </ul>
              </nav>
              {chosen && current ? (
                <Card className="space-y-3">
                  <CardTitle>{current.otherName}</CardTitle>
                  {isPsychologist ? null : (
                    <p className="text-xs text-muted">Costuma responder em até {current.replyHours} horas.</p>
                  )}
                  <QueryPanel query={thread} errorMessage="Não foi possível carregar as mensagens.">
                    {(messages) => <MessageThread otherId={chosen} otherName={current.otherName} list={messages} />}
                  </QueryPanel>
                </Card>
              ) : null}
            </div>
          )
        }
      </QueryPanel>
    </div>
  );
}
