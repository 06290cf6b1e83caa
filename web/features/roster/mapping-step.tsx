import { ArrowLeft, Eye, Loader2 } from "lucide-react";
import { useState } from "react";
import { type RosterField, requiredRosterFields, rosterFieldLabels, rosterFields } from "#core/roster.ts";
import type { RosterInspect } from "#core/schemas/roster.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { Field, Select } from "#web/components/ui/field.tsx";

/** Step 2: which column of the file feeds each field; usual header names come already chosen. */
export function MappingStep({
  inspected,
  isSending,
  error,
  onBack,
  onPreview,
}: {
  inspected: RosterInspect;
  isSending: boolean;
  error: string | null;
  onBack: () => void;
  onPreview: (mapping: Record<string, number>) => void;
}) {
  const [mapping, setMapping] = useState<Record<string, number>>(inspected.suggested);
  const missing = requiredRosterFields.filter((field) => mapping[field] === undefined);
  const used = Object.values(mapping);
  const repeated = used.length !== new Set(used).size;
  const choose = (field: RosterField, value: string) =>
    setMapping((current) => {
      const { [field]: _old, ...rest } = current;
      return value === "" ? rest : { ...rest, [field]: Number(value) };
    });

  return (
    <Card className="space-y-5">
      <div className="space-y-1">
        <CardTitle>2. Confira as colunas</CardTitle>
        <CardDescription>
          {inspected.fileName}: {inspected.rowCount.toLocaleString("pt-BR")} linhas. Escolhemos as colunas pelos nomes
          mais comuns; ajuste as que não estiverem certas. Nome, CPF e matrícula são obrigatórios.
        </CardDescription>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {rosterFields.map((field) => {
          const id = `coluna-${field}`;
          const isRequired = requiredRosterFields.includes(field);
          return (
            <Field key={field} id={id} label={`${rosterFieldLabels[field]}${isRequired ? " (obrigatório)" : ""}`}>
              <Select id={id} value={mapping[field] ?? ""} onChange={(event) => choose(field, event.target.value)}>
                <option value="">{isRequired ? "Escolha a coluna" : "Não usar"}</option>
                {inspected.headers.map((header, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position in the file, which never changes here.
                  <option key={index} value={index}>
                    {header || `Coluna ${index + 1}`}
                  </option>
                ))}
              </Select>
            </Field>
          );
        })}
      </div>
      {missing.length ? (
        <Alert tone="warning">
          Escolha a coluna de: {missing.map((field) => rosterFieldLabels[field]).join(", ")}.
        </Alert>
      ) : null}
      {repeated ? <Alert tone="warning">Escolha uma coluna diferente para cada campo.</Alert> : null}
      {error ? (
        <Alert tone="error" live>
          {error}
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={onBack} disabled={isSending}>
          <ArrowLeft aria-hidden className="size-4" /> Escolher outro arquivo
        </Button>
        <Button onClick={() => onPreview(mapping)} disabled={isSending || missing.length > 0 || repeated}>
          {isSending ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Eye aria-hidden className="size-4" />}
          {isSending ? "Conferindo as linhas..." : "Pré-visualizar"}
        </Button>
      </div>
    </Card>
  );
}
