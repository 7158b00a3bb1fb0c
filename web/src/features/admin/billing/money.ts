/** Digits after the decimal point of a currency: 2 for BRL, 0 for JPY. */
export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** Minor units as the amount an admin types: 1990 BRL → "19.90". */
export const toMajor = (amount: number, currency: string) => {
  const digits = currencyDigits(currency);
  return (amount / 10 ** digits).toFixed(digits);
};

/** What an admin typed ("19,90" or "19.90") in minor units, or NaN. */
export const toMinor = (text: string, currency: string) => {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() === '' ? Number.NaN : Math.round(value * 10 ** currencyDigits(currency));
};
