/** Formats up to 11 digits as a CPF while typing: 000.000.000-00. */
export function formatCpf(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 11);
  return digits
    .replace(/^(\d{3})(\d)/, '$1.$2')
    .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/^(\d{3})\.(\d{3})\.(\d{3})(\d)/, '$1.$2.$3-$4');
}

/**
 * Whether the CPF field applies to a user: it is a Brazilian taxpayer number, so it is asked of
 * people in Brazil (their country, or with none set, Brazilian Portuguese as their language),
 * and kept in view for anyone who already saved one, so they can correct or clear it.
 */
export function cpfApplies(user: {
  country?: string | null;
  language?: string | null;
  cpf?: string | null;
}): boolean {
  if (user.cpf) return true;
  if (user.country) return user.country.toUpperCase() === 'BR';
  return user.language?.toLowerCase() === 'pt-br';
}
