import { useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { Label, Select } from "#web/components/ui/field.tsx";
import { toast } from "#web/lib/toast.ts";
import { useRiskOverview, useRiskWrite } from "./risks.queries.ts";

/** /team: who works in which sector (NR-1 campaigns invite by sector); one or many at once. */
export function SectorAssignment({ companyId }: { companyId: string | null }) {
  const overview = useRiskOverview(companyId);
  const write = useRiskWrite(companyId);
  const [selected, setSelected] = useState<string[]>([]);
  const [sectorId, setSectorId] = useState("");
  const data = overview.data;
  if (!data || data.sectors.length === 0) return null;
  const sectorName = (id: string | null) => data.sectors.find((s) => s.id === id)?.name ?? "Sem setor";
  const allChecked = selected.length === data.members.length;
  const assign = () =>
    write.mutate(
      { path: "/api/risks/sector-members", method: "PUT", body: { sectorId: sectorId || null, userIds: selected } },
      {
        onSuccess: (reply) => {
          toast.success(reply.message);
          setSelected([]);
        },
        onError: (error) => toast.error(error.message),
      },
    );
  return (
    <Card className="space-y-3">
      <div>
        <CardTitle>Setores (NR-1)</CardTitle>
        <CardDescription>
          A pesquisa de riscos psicossociais é enviada a quem está nos setores escolhidos.
        </CardDescription>
      </div>
      <label className="flex min-h-9 items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4"
          checked={allChecked}
          onChange={() => setSelected(allChecked ? [] : data.members.map((m) => m.id))}
        />
        Selecionar todos
      </label>
      <ul className="divide-y divide-border">
        {data.members.map((member) => (
          <li key={member.id}>
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={selected.includes(member.id)}
                onChange={() =>
                  setSelected((current) =>
                    current.includes(member.id) ? current.filter((id) => id !== member.id) : [...current, member.id],
                  )
                }
              />
              <span className="flex-1">{member.name}</span>
              <span className="text-muted">{sectorName(member.sectorId)}</span>
            </label>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="assign-sector">Setor</Label>
          <Select id="assign-sector" value={sectorId} onChange={(e) => setSectorId(e.target.value)}>
            <option value="">Sem setor</option>
            {data.sectors.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        </div>
        <Button onClick={assign} disabled={selected.length === 0 || write.isPending}>
          Atribuir {selected.length ? `(${selected.length})` : ""}
        </Button>
      </div>
    </Card>
  );
}
