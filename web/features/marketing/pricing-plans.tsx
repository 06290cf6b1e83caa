import { Check } from "lucide-react";
import { cn } from "#web/lib/cn.ts";
import { TRIAL_DAYS } from "./claims.ts";
import { WhatsAppButton } from "./whatsapp-button.tsx";

type Plan = {
  name: string;
  price: string;
  period?: string;
  members: string;
  items: string[];
  isHighlighted?: boolean;
};

// Prices and member limits of spec 9 (R$ 299 / 50, R$ 499 / 100, Enterprise on request).
const plans: Plan[] = [
  {
    name: "Essencial",
    price: "R$ 299",
    period: "/mês",
    members: "Até 50 membros",
    items: [
      "Check-ins diários e exercícios guiados",
      "Conteúdos desbloqueados com a prática",
      "Relatórios anônimos para gestores",
    ],
  },
  {
    name: "Prime",
    price: "R$ 499",
    period: "/mês",
    members: "Até 100 membros",
    items: ["Tudo o que o Essencial oferece", "Espaço para equipes em crescimento", "Relatórios anônimos por período"],
    isHighlighted: true,
  },
  {
    name: "Enterprise",
    price: "Sob consulta",
    members: "Mais de 100 membros",
    items: [
      "Tudo o que o Prime oferece",
      "Condições sob medida para a sua empresa",
      "Workshops e sessões combinados com você",
    ],
  },
];

/** The three plans, each with a WhatsApp button to start the free trial. */
export function PricingPlans() {
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {plans.map((plan) => (
        <li
          key={plan.name}
          className={cn(
            "relative flex flex-col gap-6 rounded-xl border bg-surface p-6 shadow-soft sm:p-8",
            plan.isHighlighted ? "border-primary ring-1 ring-primary" : "border-border",
          )}
        >
          <div className="space-y-2">
            <h3 className="text-xl font-semibold">{plan.name}</h3>
            <p className="flex items-baseline gap-1">
              <span className="text-4xl font-semibold tracking-tight">{plan.price}</span>
              {plan.period ? <span className="text-muted">{plan.period}</span> : null}
            </p>
            <p className="font-medium text-primary">{plan.members}</p>
          </div>
          <ul className="flex-1 space-y-3">
            {plan.items.map((item) => (
              <li key={item} className="flex items-start gap-3">
                <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" strokeWidth={2} />
                <span>{item}</span>
              </li>
            ))}
          </ul>
          <WhatsAppButton
            variant={plan.isHighlighted ? "primary" : "secondary"}
            message={`Olá! Quero começar o teste grátis de ${TRIAL_DAYS} dias do plano ${plan.name} do Sereno.`}
            className="w-full"
          >
            {plan.price === "Sob consulta" ? "Falar com vendas" : "Começar teste grátis"}
          </WhatsAppButton>
        </li>
      ))}
    </ul>
  );
}
