/** CPF: 11 digits whose last two are check digits (Receita Federal's modulo-11 rule). */
function cpfDigits(value: string): string {
  return value.replace(/\D/g, "");
}

function checkDigit(digits: string): number {
  const start = digits.length + 1;
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (start - index), 0);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** True for 11 digits (punctuation ignored) with both check digits right; repeated digits (111.111.111-11) are not a CPF. */
export function isValidCpf(value: string): boolean {
  const digits = cpfDigits(value);
  // HR exports written through a spreadsheet lose leading zeros: '1234567890' is '01234567890'.
  const padded =
    digits.length >= 9 && digits.length < 11 && /^[\d.\-\s]+$/.test(value.trim()) ? digits.padStart(11, "0") : digits;
  if (!/^\d{11}$/.test(padded) || /^(\d)\1{10}$/.test(padded)) return false;
  return checkDigit(padded.slice(0, 9)) === Number(padded[9]) && checkDigit(padded.slice(0, 10)) === Number(padded[10]);
}

/** The 11 digits of a valid CPF, leading zeros put back; call after isValidCpf. */
export function normalizeCpf(value: string): string {
  return cpfDigits(value).padStart(11, "0");
}

/** A valid CPF made from 9 digits: for tests and fixtures. */
export function cpfFrom(nine: string): string {
  const first = checkDigit(nine);
  return `${nine}${first}${checkDigit(`${nine}${first}`)}`;
}
