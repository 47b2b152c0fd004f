import type { Role } from '@/types/api';

export type RoleOption = { value: Role; label: string; description: string };

/** Every staff role, as the admin area names and explains it (`mandir_domain::staff::Role`). */
export const roleOptions: readonly RoleOption[] = [
  { value: 'admin', label: 'Admin', description: 'Everything, including staff roles, the audit log and the seva catalogue.' },
  {
    value: 'treasurer',
    label: 'Treasurer',
    description: 'The ledger, Zelle reconciliation, refunds, statements, donation types and payment methods; finds members.',
  },
  {
    value: 'front_desk',
    label: 'Front desk',
    description: 'Finds members, sees event registrations, checks people in, runs the seva schedule and marks sevas done.',
  },
  { value: 'priest', label: 'Priest', description: 'Sees the sevas assigned to their linked priest profile and marks them done.' },
  { value: 'editor', label: 'Editor', description: "Events, notices, services, priests' profiles and the site's texts." },
  {
    value: 'volunteer_coordinator',
    label: 'Volunteer coordinator',
    description: "An event's volunteers with their contact details, and the check-in at the door.",
  },
];

/** A role's label; an unknown name (from a newer server) as it is. */
export function roleLabel(role: string): string {
  return roleOptions.find((r) => r.value === role)?.label ?? role;
}

/** Roles in the catalogue's order, each once. */
export function sortRoles(roles: readonly Role[]): Role[] {
  return roleOptions.map((r) => r.value).filter((r) => roles.includes(r));
}

/** "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The roles' labels in the catalogue's order, as a phrase: "Treasurer and Front desk". */
export function rolesText(roles: readonly Role[]): string {
  return joinList(sortRoles(roles).map(roleLabel));
}
