import { md5 } from './md5';

/** Gravatar-style URL for an e-mail: identicon fallback, default size 80 (docs/product.md#avatars). */
export function avatarUrl(email: string, size = 80): string {
  return `https://www.gravatar.com/avatar/${md5(email.trim().toLowerCase())}?d=identicon&s=${size}`;
}

export { avatarText, initials } from './initials';
