// Apart from avatar.ts (and its md5) so that the header, in the initial bundle, can name the
// avatar button by what it shows without loading the avatar's URL code.

/** Uppercased first letters of two names ('Lakshmi', 'Rao' -> 'LR'). */
export function initials(firstName?: string | null, lastName?: string | null): string {
  return `${(firstName ?? '').trim().charAt(0)}${(lastName ?? '').trim().charAt(0)}`.toUpperCase();
}

/** The text a member's avatar shows when its image cannot load: the initials, else the e-mail's first letter. */
export function avatarText(email: string, firstName?: string | null, lastName?: string | null): string {
  return initials(firstName, lastName) || email.charAt(0).toUpperCase();
}
