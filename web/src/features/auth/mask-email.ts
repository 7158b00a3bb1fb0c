/**
 * The address shown on the verification screen (spec section 2): the first two characters of
 * the local part, four asterisks, then the domain; a run of asterisks when it is unknown.
 */
export function maskEmail(email: string | null | undefined): string {
  const at = email?.lastIndexOf('@') ?? -1;
  if (!email || at < 1) return '********';
  return `${email.slice(0, Math.min(2, at))}****${email.slice(at)}`;
}
