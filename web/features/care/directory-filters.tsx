import { availabilityFilterLabels, availabilityFilters } from "#core/care.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Field, Input, Select } from "#web/components/ui/field.tsx";
import type { DirectoryFilters as Filters } from "./care.queries.ts";

export function DirectoryFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  const set = (key: keyof Filters) => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value || undefined });
  return (
    <form
      aria-label="Filtros"
      className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-3"
      onSubmit={(event) => event.preventDefault()}
    >
      <Field id="filtro-abordagem" label="Abordagem">
        <Input id="filtro-abordagem" placeholder="Ex.: TCC" value={value.approach ?? ""} onChange={set("approach")} />
      </Field>
      <Field id="filtro-especialidade" label="Especialidade">
        <Input
          id="filtro-especialidade"
          placeholder="Ex.: Ansiedade"
          value={value.specialty ?? ""}
          onChange={set("specialty")}
        />
      </Field>
      <Field id="filtro-modalidade" label="Modalidade">
        <Select id="filtro-modalidade" value={value.modality ?? ""} onChange={set("modality")}>
          <option value="">Todas</option>
          <option value="online">Online</option>
          <option value="presencial">Presencial</option>
        </Select>
      </Field>
      <Field id="filtro-cidade" label="Cidade (presencial)">
        <Input id="filtro-cidade" placeholder="Ex.: São Paulo" value={value.city ?? ""} onChange={set("city")} />
      </Field>
      <Field id="filtro-disponivel" label="Próximo horário disponível">
        <Select id="filtro-disponivel" value={value.available ?? ""} onChange={set("available")}>
          <option value="">Qualquer data</option>
          {availabilityFilters.map((filter) => (
            <option key={filter} value={filter}>
              {availabilityFilterLabels[filter]}
            </option>
          ))}
        </Select>
      </Field>
      <div>
        <Button
          type="button"
          variant="ghost"
          disabled={!Object.values(value).some(Boolean)}
          onClick={() => onChange({})}
        >
          Limpar filtros
        </Button>
      </div>
    </form>
  );
}
