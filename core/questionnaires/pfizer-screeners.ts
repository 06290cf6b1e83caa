/**
 * What PHQ-9 and GAD-7 share (docs/decisions/079): the official Portuguese (Brazil)
 * translations from Pfizer's PHQ screeners, one answer scale of four options (0–3),
 * the attribution printed under both, and the check that names the unanswered items.
 * The texts are the official ones, word for word (their old spelling 'freqüência' included):
 * never edit them to match the app's voice.
 */

/** The four options of every item, in the order and with the points of the official form. */
export const frequencyOptions = [
  { value: 0, label: "Nenhuma vez" },
  { value: 1, label: "Vários dias" },
  { value: 2, label: "Mais da metade dos dias" },
  { value: 3, label: "Quase todos os dias" },
] as const;

export type FrequencyValue = (typeof frequencyOptions)[number]["value"];

/** The official form's footnote (docs/decisions/079 says where it comes from). */
export const pfizerAttribution =
  "Desenvolvido pelos Drs. Robert L. Spitzer, Janet B.W. Williams, Kurt Kroenke e colegas, com um subsídio educacional da Pfizer Inc. Não é necessária permissão para reproduzir, traduzir, exibir ou distribuir.";

/** One severity band: the lowest total it starts at and its pt-BR name. */
export type Band = { from: number; label: string };

/** The band a total falls in: the last one whose start it reaches. */
export function bandOf(bands: readonly Band[], total: number): string {
  return bands.filter((band) => total >= band.from).at(-1)?.label ?? (bands[0] as Band).label;
}
