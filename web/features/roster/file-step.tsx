import { FileSpreadsheet, Loader2, Upload } from "lucide-react";
import { useId } from "react";
import { buttonClass } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { cn } from "#web/lib/cn.ts";

/** Step 1: the file, as the HR system exports it. */
export function FileStep({ isReading, onFile }: { isReading: boolean; onFile: (file: File) => void }) {
  const id = useId();
  return (
    <Card className="space-y-4">
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          <FileSpreadsheet aria-hidden className="size-5" strokeWidth={1.75} />
        </span>
        <div className="space-y-1">
          <CardTitle>1. Envie o arquivo do RH</CardTitle>
          <CardDescription>
            Planilha XLSX ou CSV (com ponto e vírgula ou vírgula entre as colunas, em UTF-8 ou Latin-1), até 10 MB, com
            uma pessoa por linha e o cabeçalho na primeira. Colunas usadas: nome, CPF, matrícula, e-mail, e-mail
            pessoal, estabelecimento (CNPJ), setor (por exemplo, Operações/Atendimento), gestor, cargo e data de
            admissão.
          </CardDescription>
        </div>
      </div>
      <p className="text-sm text-muted">
        Nada muda no cadastro antes da pré-visualização e da sua confirmação. O CPF é guardado de forma protegida: só os
        dois últimos dígitos aparecem.
      </p>
      {/* The native picker speaks the browser's language: a pt-BR label stands in for its button. */}
      <div>
        <input
          id={id}
          type="file"
          accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="peer sr-only"
          disabled={isReading}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onFile(file);
            event.target.value = "";
          }}
        />
        <label
          htmlFor={id}
          className={cn(
            buttonClass("primary"),
            "peer-focus-visible:outline-2 peer-focus-visible:outline-ring peer-disabled:opacity-60",
          )}
        >
          {isReading ? (
            <Loader2 aria-hidden className="size-4 animate-spin" />
          ) : (
            <Upload aria-hidden className="size-4" />
          )}
          {isReading ? "Lendo o arquivo..." : "Escolher arquivo"}
        </label>
      </div>
    </Card>
  );
}
