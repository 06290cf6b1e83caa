import { UserCheck } from "lucide-react";
import { useState } from "react";
import { formatDateTimePtBR, formatNumber } from "#core/format.ts";
import { messages } from "#core/messages.ts";
import type { HeldPeople as HeldPeopleList } from "#core/schemas/roster-api.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { ApiError } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { useDecideHeld } from "./roster.queries.ts";

type Held = HeldPeopleList["items"][number];

function HeldRow({ person, checked, onToggle }: { person: Held; checked: boolean; onToggle: () => void }) {
  const id = `guardada-${person.id}`;
  return (
    <li className="flex items-start gap-3 p-3">
      <input id={id} type="checkbox" className="mt-1 size-4 shrink-0" checked={checked} onChange={onToggle} />
      <label htmlFor={id} className="min-w-0 flex-1 space-y-0.5">
        <span className="block font-medium">{person.name}</span>
        <span className="block text-sm text-muted">
          Matrícula {person.matricula} · CPF final {person.cpfLast2}
          {person.sector ? ` · ${person.sector}` : ""}
          {person.jobTitle ? ` · ${person.jobTitle}` : ""}
        </span>
        <span className="block text-xs text-muted">
          {person.email ?? "Sem e-mail: ficará aguardando ativação"} · recebida em{" "}
          {formatDateTimePtBR(person.receivedAt)}
          {person.keyName ? ` pela chave ${person.keyName}` : ""}
        </span>
      </label>
    </li>
  );
}

/**
 * 'Aguardando sua confirmação' (docs/decisions/085): the people an HR key sent
 * past the day's cap. Nothing is created until the manager confirms; discarding
 * asks first. Loaded only when someone is waiting (held-people.tsx).
 */
export function HeldPeoplePanel({ companyId, items }: { companyId: string | null; items: Held[] }) {
  const decide = useDecideHeld(companyId);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [isDiscarding, setIsDiscarding] = useState(false);
  const ids = items.map((person) => person.id).filter((id) => chosen.has(id));
  const allChosen = ids.length === items.length;

  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  async function run(action: "confirm" | "discard") {
    try {
      toast.success((await decide.mutateAsync({ action, ids })).message);
      setChosen(new Set());
    } catch (error) {
      toast.error(error instanceof ApiError && error.status < 500 ? error.message : messages.internalError);
    }
    setIsDiscarding(false);
  }

  const count = ids.length === 1 ? "1 pessoa" : `${formatNumber(ids.length)} pessoas`;
  return (
    <section aria-labelledby="aguardando-confirmacao">
      <Card className="space-y-4 border-warning/40">
        <div className="flex items-start gap-3">
          <UserCheck aria-hidden className="mt-1 size-5 shrink-0 text-primary" />
          <div className="space-y-1">
            <CardTitle id="aguardando-confirmacao">Aguardando sua confirmação</CardTitle>
            <CardDescription>
              O sistema de RH enviou {items.length === 1 ? "1 pessoa" : `${formatNumber(items.length)} pessoas`} além do
              limite do dia para a integração. Por cuidado, elas só entram no cadastro, e recebem o convite, quando você
              confirmar. Se não reconhecer alguém, descarte; quem não for confirmado em 30 dias é descartado.
            </CardDescription>
          </div>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4"
            checked={allChosen}
            onChange={() => setChosen(allChosen ? new Set() : new Set(items.map((person) => person.id)))}
          />
          Escolher todas
        </label>
        <ul
          className="divide-y divide-border rounded-lg border border-border"
          aria-label="Pessoas aguardando confirmação"
        >
          {items.map((person) => (
            <HeldRow
              key={person.id}
              person={person}
              checked={chosen.has(person.id)}
              onToggle={() => toggle(person.id)}
            />
          ))}
        </ul>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button disabled={ids.length === 0 || decide.isPending} onClick={() => void run("confirm")}>
            {decide.isPending && !isDiscarding
              ? "Confirmando..."
              : ids.length > 0
                ? `Confirmar ${count}`
                : "Confirmar escolhidas"}
          </Button>
          <Button
            variant="secondary"
            disabled={ids.length === 0 || decide.isPending}
            onClick={() => setIsDiscarding(true)}
          >
            Descartar escolhidas
          </Button>
        </div>
        <ConfirmDialog
          open={isDiscarding}
          onOpenChange={(open) => {
            if (!open && !decide.isPending) setIsDiscarding(false);
          }}
          title={`Descartar ${count}?`}
          description="Elas não entram no cadastro e não recebem convite. Se o sistema de RH enviar de novo, voltam a aparecer aqui."
          confirmLabel={decide.isPending ? "Descartando..." : "Descartar"}
          onConfirm={() => void run("discard")}
          isPending={decide.isPending}
        />
      </Card>
    </section>
  );
}
