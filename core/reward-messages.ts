import { countOf } from "./format.ts";

/** Recompensas (/rewards, docs/decisions/028): the spec's two labels and the flow's other texts. */
export const rewardMessages = {
  redeemed: "Recompensa resgatada com sucesso!",
  redeemFailed: "Erro ao resgatar recompensa. Tente novamente mais tarde.",
  notFound: "Recompensa não encontrada",
  unavailable: "Esta recompensa não está mais disponível.",
  outOfStock: "Esta recompensa esgotou. Escolha outra do catálogo.",
  adminCannotRedeem: "Administradores não resgatam recompensas. Entre com a conta de um membro da empresa.",
  titleRequired: "Dê um nome à recompensa (até 80 caracteres)",
  descriptionTooLong: "A descrição deve ter no máximo 300 caracteres",
  costInvalid: "O custo deve ser um número inteiro de 1 a 1.000.000 pontos",
  stockInvalid: "O estoque deve ser um número inteiro de 0 a 100.000, ou vazio para ilimitado",
  created: "Recompensa criada",
  saved: "Recompensa salva",
  redemptionNotFound: "Resgate não encontrado",
  redemptionAlreadyClosed: "Este pedido já foi entregue ou cancelado.",
  delivered: "Pedido marcado como entregue",
  cancelled: "Pedido cancelado. Os pontos voltaram para a pessoa.",
} as const;

export function notEnoughPointsMessage(missing: number): string {
  return `Faltam ${countOf(missing, "ponto", "pontos")} para resgatar esta recompensa.`;
}
