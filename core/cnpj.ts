/** CNPJ: 14 digits whose last two are check digits (Receita Federal's modulo-11 rule). */
export function cnpjDigits(value: string): string {
  return value.replace(/\D/g, "");
}

function checkDigit(digits: string): number {
  const weights = digits.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCnpj(value: string): boolean {
  const digits = cnpjDigits(value);
  if (!/^\d{14}$/.test(digits) || /^(\d)\1{13}$/.test(digits)) return false;
  return (
    checkDigit(digits.slice(0, 12)) === Number(digits[12]) && checkDigit(digits.slice(0, 13)) === Number(digits[13])
  );
}

/** 12.345.678/0001-95 */
export function formatCnpj(value: string): string {
  const d = cnpjDigits(value);
  if (d.length !== 14) return value;
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}
