// Apart from the upload schemas, so the web app's first page loads no zod to show a size.

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** A byte count in the largest fitting unit, base 1024, in a language: `1536` → '1.5 KB'. */
export function formatFileSize(bytes: number, language = 'en'): string {
  let exponent = bytes > 0 ? Math.floor(Math.log(bytes) / Math.log(1024)) : 0;
  exponent = Math.min(exponent, SIZE_UNITS.length - 1);
  let amount = bytes / 1024 ** exponent;
  // 1023.96 KB would read '1,024 KB': move to the next unit instead.
  if (Number(amount.toFixed(1)) >= 1024 && exponent < SIZE_UNITS.length - 1) {
    exponent += 1;
    amount /= 1024;
  }
  const number = new Intl.NumberFormat(language, {
    maximumFractionDigits: exponent === 0 ? 0 : 1,
  }).format(amount);
  return `${number} ${SIZE_UNITS[exponent]}`;
}
