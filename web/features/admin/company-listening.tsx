import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronDown, MessageSquareHeart, X } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { shownEmail } from "#core/internal-address.ts";
import { MAX_RETENTION_YEARS } from "#core/listening.ts";
import { loadFailed, messages } from "#core/messages.ts";
import type { AdminCompanySummary } from "#core/schemas/admin.ts";
import type { ListeningAdmin } from "#core/schemas/listening.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Field, Input, Select } from "#web/components/ui/field.tsx";
import { ApiError, api } from "#web/lib/api.ts";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { adminKeys, useCompanyPeople } from "./admin.queries.ts";

function useListeningAdmin(companyId: string, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.listening(companyId),
    queryFn: () => api<ListeningAdmin>(`/api/admin/companies/${companyId}/escuta`),
    enabled,
  });
}

function useListeningAdminChange(companyId: string) {
  const queryClient = useQueryClient();
  const base = `/api/admin/companies/${companyId}/escuta`;
  return useMutation({
    mutationFn: (change: { appoint: string } | { remove: string } | { retentionYears: number }) =>
      "appoint" in change
        ? api<ListeningAdmin>(`${base}/responsaveis`, { method: "POST", body: { userId: change.appoint } })
        : "remove" in change
          ? api<ListeningAdmin>(`${base}/responsaveis/${change.remove}`, { method: "DELETE" })
          : api<ListeningAdmin>(`${base}/guarda`, { method: "PUT", body: { retentionYears: change.retentionYears } }),
    onSuccess: (data) => queryClient.setQueryData(adminKeys.listening(companyId), data),
  });
}

const refusal = (error: unknown) =>
  error instanceof ApiError && error.status < 500 && !error.isNetwork ? error.message : messages.internalError;

/** Administração, one company: who handles its Canal de escuta and how long closed cases are kept (issue 35). */
export function CompanyListening({ company }: { company: AdminCompanySummary }) {
  const [isOpen, setIsOpen] = useState(false);
  const channel = useListeningAdmin(company.id, isOpen);
  const changeChannel = useListeningAdminChange(company.id);
  const [chosen, setChosen] = useState("");
  const [who, setWho] = useState("");
  const whoQuery = useDeferredValue(who.trim());
  // Candidates come a page at a time from the members' search: a 50,000-person company is no <select> (decision 054).
  const people = useCompanyPeople(company.id, whoQuery, 1, isOpen);
  const panelId = `escuta-${company.id}`;

  async function change(input: Parameters<typeof changeChannel.mutateAsync>[0], done: string) {
    try {
      await changeChannel.mutateAsync(input);
      toast.success(done);
    } catch (error) {
      toast.error(refusal(error));
    }
  }

  return (
    <section className="space-y-3">
      <Button variant="ghost" aria-expanded={isOpen} aria-controls={panelId} onClick={() => setIsOpen((open) => !open)}>
        <MessageSquareHeart aria-hidden className="size-4" strokeWidth={1.75} />
        Canal de escuta
        <ChevronDown
          aria-hidden
          className={cn("size-4 transition-transform", isOpen && "rotate-180")}
          strokeWidth={1.75}
        />
      </Button>
      {isOpen ? (
        <div id={panelId} className="space-y-4 rounded-md border border-border p-4">
          <QueryPanel query={channel} errorMessage={loadFailed("o canal de escuta")}>
            {(data) => {
              const candidates = (people.data?.members ?? []).filter(
                (member) => member.role !== "admin" && !data.handlers.some((handler) => handler.userId === member.id),
              );
              return (
                <div className="space-y-4">
                  <div className="space-y-2">
                    <h4 className="text-sm font-medium">Responsáveis (RH, CIPA)</h4>
                    {data.handlers.length === 0 ? (
                      <p className="text-sm text-muted">Ninguém foi nomeado ainda: os casos esperam até alguém ser.</p>
                    ) : (
                      <ul className="space-y-1">
                        {data.handlers.map((handler) => (
                          <li key={handler.id} className="flex items-center justify-between gap-2 text-sm">
                            <span>
                              {handler.name} <span className="text-muted">{shownEmail(handler.email)}</span>
                            </span>
                            <Button
                              variant="ghost"
                              size="sm"
                              className="min-h-11"
                              aria-label={`Remover ${handler.name} dos responsáveis`}
                              onClick={() =>
                                void change({ remove: handler.id }, `${handler.name} saiu dos responsáveis.`)
                              }
                            >
                              <X aria-hidden className="size-4" />
                            </Button>
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                  <div className="flex flex-wrap items-end gap-2">
                    <Field id={`${panelId}-busca`} label="Buscar pessoa" className="min-w-56 flex-1">
                      <Input
                        id={`${panelId}-busca`}
                        type="search"
                        placeholder="Nome ou e-mail"
                        value={who}
                        onChange={(event) => setWho(event.target.value)}
                      />
                    </Field>
                    <Field id={`${panelId}-pessoa`} label="Nomear responsável" className="min-w-56 flex-1">
                      <Select
                        id={`${panelId}-pessoa`}
                        value={chosen}
                        onChange={(event) => setChosen(event.target.value)}
                      >
                        <option value="">Escolha uma pessoa</option>
                        {candidates.map((member) => (
                          <option key={member.id} value={member.id}>
                            {member.name} ({shownEmail(member.email)})
                          </option>
                        ))}
                      </Select>
                    </Field>
                    <Button
                      variant="secondary"
                      disabled={!chosen || changeChannel.isPending}
                      onClick={() => void change({ appoint: chosen }, "Responsável nomeado.").then(() => setChosen(""))}
                    >
                      Nomear
                    </Button>
                  </div>
                  <Field
                    id={`${panelId}-guarda`}
                    label="Guardar casos encerrados por (anos)"
                    hint="Depois disso, o caso e a conversa são apagados."
                    className="max-w-xs"
                  >
                    <Input
                      id={`${panelId}-guarda`}
                      type="number"
                      min={1}
                      max={MAX_RETENTION_YEARS}
                      defaultValue={data.retentionYears}
                      onBlur={(event) => {
                        const years = Number(event.target.value);
                        if (years !== data.retentionYears) void change({ retentionYears: years }, "Guarda alterada.");
                      }}
                    />
                  </Field>
                </div>
              );
            }}
          </QueryPanel>
        </div>
      ) : null}
    </section>
  );
}
