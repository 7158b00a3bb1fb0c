/** A day in milliseconds: the product's days are UTC days of 24 hours. */
export const DAY_MS = 86_400_000;
