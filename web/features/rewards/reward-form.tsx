import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { type ManagedReward, rewardInputSchema } from "#core/schemas/rewards.ts";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, Input, Textarea } from "#web/components/ui/field.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { ApiError } from "#web/lib/api.ts";
import { type CatalogueSide, useSaveReward } from "./rewards.queries.ts";

// Number fields arrive as text; an empty stock means unlimited.
const formSchema = z.object({
  title: z.string(),
  description: z.string(),
  pointsCost: z.string(),
  stock: z.string(),
  active: z.boolean(),
});
type FormValues = z.infer<typeof formSchema>;

const toNumber = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.replace(",", ".")));

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
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      title: reward?.title ?? "",
      description: reward?.description ?? "",
      pointsCost: reward ? String(reward.pointsCost) : "",
      stock: reward?.stock === null || reward === null ? "" : String(reward.stock),
      active: reward?.active ?? true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const prefix = reward ? `reward-${reward.id}` : "reward-new";

  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = rewardInputSchema.safeParse({
      title: values.title,
      description: values.description,
      pointsCost: toNumber(values.pointsCost),
      stock: values.stock.trim() === "" ? null : toNumber(values.stock),
      active: values.active,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        form.setError(issue.path[0] as keyof FormValues, { message: issue.message });
      }
      return;
    }
    try {
      const result = await save.mutateAsync({ id: reward?.id ?? null, values: parsed.data });
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
            {...form.register("pointsCost")}
          />
        </Field>
        <Field
          id={`${prefix}-stock`}
          label="Estoque"
          hint="Deixe vazio para não ter limite"
          error={errors.stock?.message}
        >
          <Input
            {...describedBy(`${prefix}-stock`, errors.stock?.message)}
            aria-describedby={errors.stock?.message ? `${prefix}-stock-error` : `${prefix}-stock-hint`}
            inputMode="numeric"
            {...form.register("stock")}
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
      {errors.root?.message ? (
        <p role="alert" className="text-sm text-danger">
          {errors.root.message}
        </p>
      ) : null}
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
