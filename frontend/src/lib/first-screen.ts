import { paths } from '@/config/paths';
import type { User } from '@/types/api';

/**
 * Where an account's own work starts: a priest (and nothing else) at My Sevas; the front desk at
 * the counter; any other staff in
 * the admin area, which opens on the first tab the account may see (a treasurer's Payments, an
 * editor's Temple) or says where its work is; a member at home. The same places /admin sends each
 * account to.
 */
export function firstScreen(user: Pick<User, 'roles' | 'permissions'>): string {
  if (user.roles.length > 0 && user.roles.every((r) => r === 'priest')) return paths.mySevas.getHref();
  if (user.roles.includes('front_desk') && !user.roles.includes('admin')) return paths.counter.getHref();
  if (user.permissions.length > 0) return paths.admin.getHref();
  return paths.home.getHref();
}
