import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { type ManagedReward, type RewardInput, rewardInputSchema } from "#core/schemas/rewards.ts";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, FormError, Input, Textarea } from "#web/components/ui/field.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { ApiError } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { type CatalogueSide, useSaveReward } from "./rewards.queries.ts";

/**
 * A number as typed, with a decimal comma or none: empty or not a number is NaN, which the schema refuses.
 * react-hook-form also passes the starting value itself (a number, or null for no stock limit).
 */
function toNumber(value: unknown): number {
  if (typeof value === "number") return value;
  const text = String(value ?? "").trim();
  return text === "" ? Number.NaN : Number(text.replace(",", "."));
}

/** Empty is no limit. */
const toStock = (value: unknown) => (value === null || String(value).trim() === "" ? null : toNumber(value));

/** Create or edit one reward of a catalogue; the server checks the same rules (core/schemas/rewards.ts). */
export function RewardForm({
  side,
  reward,
  onDone,
}: {
  side: CatalogueSide;
  reward: ManagedReward | null;
  onDone: () => void;
}) {
  const save = useSaveReward(side);
  const form = useForm<RewardInput>({
    resolver: zodResolver(rewardInputSchema),
    defaultValues: {
      title: reward?.title ?? "",
      description: reward?.description ?? "",
      pointsCost: reward?.pointsCost,
      stock: reward?.stock ?? null,
      active: reward?.active ?? true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const prefix = reward ? `reward-${reward.id}` : "reward-new";

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await save.mutateAsync({ id: reward?.id ?? null, values });
      toast.success(result.message);
      onDone();
    } catch (error) {
      const message =
        error instanceof ApiError && error.status < 500 && !error.isNetwork
          ? error.message
          : "Não foi possível salvar a recompensa. Tente novamente.";
      form.setError("root", { message });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id={`${prefix}-title`} label="Nome" error={errors.title?.message}>
        <Input
          {...describedBy(`${prefix}-title`, errors.title?.message)}
          placeholder="Ex.: Meio dia de folga"
          maxLength={80}
          {...form.register("title")}
        />
      </Field>
      <Field id={`${prefix}-description`} label="Descrição (opcional)" error={errors.description?.message}>
        <Textarea
          {...describedBy(`${prefix}-description`, errors.description?.message)}
          placeholder="Como e quando a pessoa recebe"
          maxLength={300}
          {...form.register("description")}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${prefix}-cost`} label="Custo em pontos" error={errors.pointsCost?.message}>
          <Input
            {...describedBy(`${prefix}-cost`, errors.pointsCost?.message)}
            inputMode="numeric"
            {...form.register("pointsCost", { setValueAs: toNumber })}
          />
        </Field>
        <Field
          id={`${prefix}-stock`}
          label="Estoque"
          hint="Deixe vazio para não ter limite"
          error={errors.stock?.message}
        >
          <Input
            {...describedBy(`${prefix}-stock`, errors.stock?.message, true)}
            inputMode="numeric"
            {...form.register("stock", { setValueAs: toStock })}
          />
        </Field>
      </div>
      <div className="flex items-center gap-3">
        <Switch
          id={`${prefix}-active`}
          checked={form.watch("active")}
          onCheckedChange={(checked) => form.setValue("active", checked)}
        />
        <label htmlFor={`${prefix}-active`} className="text-sm">
          Disponível no catálogo
        </label>
      </div>
      <FormError message={errors.root?.message} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Salvando..." : reward ? "Salvar alterações" : "Criar recompensa"}
        </Button>
      </div>
    </form>
  );
}
