import { md5 } from './md5';

/** Gravatar-style URL for an e-mail: identicon fallback, default size 80 (docs/product.md#avatars). */
export function avatarUrl(email: string, size = 80): string {
  return `https://www.gravatar.com/avatar/${md5(email.trim().toLowerCase())}?d=identicon&s=${size}`;
}

/** Uppercased first letters of two names ('Lakshmi', 'Rao' -> 'LR'). */
export function initials(firstName?: string | null, lastName?: string | null): string {
  return `${(firstName ?? '').trim().charAt(0)}${(lastName ?? '').trim().charAt(0)}`.toUpperCase();
}
