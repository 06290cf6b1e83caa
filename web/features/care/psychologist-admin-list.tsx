import { ImageUp, Pencil, Stethoscope } from "lucide-react";
import { useState } from "react";
import { formatDatePtBR } from "#core/format.ts";
import type { AdminPsychologist } from "#core/schemas/care.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { useSetPsychologistPhoto, useSetPsychologistStatus } from "./care.queries.ts";
import { errorText } from "./care-format.ts";
import { PHOTO_ACCEPT } from "./photo-picker.tsx";
import { PsychologistForm } from "./psychologist-form.tsx";
import { PsychologistPhoto } from "./psychologist-photo.tsx";

const statusBadges = {
  pending: { label: "Aguardando verificação", tone: "accent" },
  verified: { label: "Verificado(a)", tone: "success" },
  suspended: { label: "Suspenso(a)", tone: "danger" },
} as const;

export function PsychologistAdminList({ list }: { list: AdminPsychologist[] }) {
  const setStatus = useSetPsychologistStatus();
  const setPhoto = useSetPsychologistPhoto();
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = list.find((row) => row.id === editingId);
  if (list.length === 0) {
    return (
      <EmptyState icon={Stethoscope} title="Nenhum(a) psicólogo(a) ainda">
        Cadastre o(a) primeiro(a) no formulário acima.
      </EmptyState>
    );
  }
  const act = (id: string, action: "verify" | "suspend", name: string) =>
    setStatus.mutate(
      { id, action },
      {
        onSuccess: () =>
          toast.success(action === "verify" ? `${name} verificado(a) por 12 meses.` : `${name} suspenso(a).`),
        onError: (error) => toast.error(errorText(error, "Não foi possível alterar agora.")),
      },
    );
  const changePhoto = (id: string, file: File | null, name: string) =>
    setPhoto.mutate(
      { id, file },
      {
        onSuccess: () => toast.success(file ? `Foto de ${name} atualizada.` : `Foto de ${name} removida.`),
        onError: (error) => toast.error(errorText(error, "Não foi possível salvar a foto agora.")),
      },
    );
  return (
    <>
      <Dialog
        open={Boolean(editing)}
        onOpenChange={(open) => (open ? null : setEditingId(null))}
        title={editing ? `Editar perfil de ${editing.fullName}` : "Editar perfil"}
        description="Corrija o que o diretório mostra. A verificação e o e-mail não mudam aqui."
        className="max-w-2xl"
      >
        {editing ? <PsychologistForm key={editing.id} editing={editing} onSaved={() => setEditingId(null)} /> : null}
      </Dialog>
      <ul className="space-y-2">
        {list.map((row) => {
          const badge = statusBadges[row.status];
          const msLeft = row.verificationExpiresAt ? Date.parse(row.verificationExpiresAt) - Date.now() : null;
          const expired = row.status === "verified" && msLeft !== null && msLeft <= 0;
          const expiresSoon = msLeft !== null && msLeft < 30 * 86_400_000;
          return (
            <li
              key={row.id}
              className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4 md:flex-row md:items-center md:justify-between"
            >
              <div className="flex min-w-0 items-start gap-3">
                <PsychologistPhoto photoUrl={row.photoUrl} size="sm" />
                <div className="min-w-0 space-y-1">
                  <p className="font-medium">
                    {row.fullName} <Badge tone={badge.tone}>{badge.label}</Badge>{" "}
                    {row.hasAccount ? null : <Badge>Convite pendente</Badge>}
                  </p>
                  <p className="text-sm text-muted">
                    CRP {row.crpNumber} ({row.crpUf}) · e-Psi em {formatDatePtBR(`${row.epsiConfirmedOn}T12:00:00Z`)} ·{" "}
                    {row.email}
                  </p>
                  {row.verificationExpiresAt ? (
                    <p className={expiresSoon ? "text-sm text-danger" : "text-sm text-muted"}>
                      {expired
                        ? `Verificação vencida em ${formatDatePtBR(row.verificationExpiresAt)}: fora do diretório até ser renovada`
                        : `Verificação vale até ${formatDatePtBR(row.verificationExpiresAt)}`}
                    </p>
                  ) : null}
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="secondary" onClick={() => act(row.id, "verify", row.fullName)}>
                  {row.status === "verified" ? "Renovar verificação" : "Verificar"}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setEditingId(row.id)}
                  aria-label={`Editar perfil de ${row.fullName}`}
                >
                  <Pencil aria-hidden className="size-4" strokeWidth={1.75} /> Editar perfil
                </Button>
                <label
                  className={cn(
                    buttonClass("ghost", "sm"),
                    "relative cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                  )}
                >
                  <ImageUp aria-hidden className="size-4" strokeWidth={1.75} />
                  {row.photoUrl ? "Trocar foto" : "Enviar foto"}
                  <input
                    type="file"
                    accept={PHOTO_ACCEPT}
                    aria-label={`${row.photoUrl ? "Trocar" : "Enviar"} foto de ${row.fullName}`}
                    disabled={setPhoto.isPending}
                    className="sr-only"
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      event.target.value = "";
                      if (file) changePhoto(row.id, file, row.fullName);
                    }}
                  />
                </label>
                {row.photoUrl ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={setPhoto.isPending}
                    onClick={() => changePhoto(row.id, null, row.fullName)}
                    aria-label={`Remover foto de ${row.fullName}`}
                  >
                    Remover foto
                  </Button>
                ) : null}
                {row.status !== "suspended" ? (
                  <Button size="sm" variant="ghost" onClick={() => act(row.id, "suspend", row.fullName)}>
                    Suspender
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
