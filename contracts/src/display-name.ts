// Apart from the user schemas, like profile-slug: the rule loads no zod.

/** The name a person goes by wherever the app names them: their full name, else username, else
 * the part of their e-mail before the @. */
export function displayName(person: {
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  email: string;
}): string {
  const full = [person.first_name, person.last_name].filter(Boolean).join(' ').trim();
  return full || person.username || person.email.split('@')[0]!;
}
