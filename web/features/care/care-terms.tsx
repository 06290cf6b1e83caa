import { FREE_CANCEL_HOURS } from "#core/care.ts";

/** What a member accepts before booking (issue 13): confidentiality, not an emergency service, the cancellation rule. */
export function CareTerms({ lateCancelConsumes }: { lateCancelConsumes: boolean }) {
  return (
    <ul className="list-disc space-y-1.5 pl-5 text-sm leading-relaxed">
      <li>
        O atendimento é <strong>confidencial</strong>: sua empresa não vê com quem, quando nem sobre o que você
        conversa; ela só vê números totais de uso.
      </li>
      <li>
        <strong>Não é um serviço de emergência.</strong> Em crise, ligue para o CVV (188, 24 horas) ou o SAMU (192).
      </li>
      <li>
        Cancele ou remarque com {FREE_CANCEL_HOURS} horas ou mais de antecedência e a sessão volta para você.{" "}
        {lateCancelConsumes
          ? "Depois disso, a sessão é descontada, como uma falta."
          : "Depois disso, o cancelamento fica registrado como tardio, sem descontar a sessão."}
      </li>
      <li>Três faltas seguidas pausam novos agendamentos até você confirmar de novo estas regras.</li>
    </ul>
  );
}
