import type { Permission } from '@/types/api';
import { joinList } from '../members/lib/roles';

export type AdminTabValue = 'users' | 'payments' | 'funds' | 'pledges' | 'recurring-gifts' | 'donation-types' | 'payment-settings' | 'members' | 'sevas' | 'temple' | 'texting' | 'audit';

export type AdminTab = {
  value: AdminTabValue;
  label: string;
  /** The permission the tab's work needs: the tab shows only to accounts holding it. */
  permission: Permission;
};

/**
 * The admin area's tabs, in an order that puts each role's own work first: an admin's is User
 * Management, a treasurer's Payments, the front desk's Members and an editor's Temple. The first
 * tab an account may see is its default one.
 */
export const adminTabs: readonly AdminTab[] = [
  { value: 'users', label: 'User Management', permission: 'manage_staff' },
  { value: 'payments', label: 'Payments', permission: 'read_ledger' },
  { value: 'funds', label: 'Funds', permission: 'manage_funds' },
  // Listing pledges needs `read_ledger`; sending reminders `manage_funds` (the same roles hold both).
  { value: 'pledges', label: 'Pledges', permission: 'read_ledger' },
  // The treasurer's list of recurring gifts by card (the paused ones first); donors manage their own.
  { value: 'recurring-gifts', label: 'Recurring Gifts', permission: 'read_ledger' },
  { value: 'donation-types', label: 'Donation Types', permission: 'manage_funds' },
  { value: 'payment-settings', label: 'Payment Settings', permission: 'manage_funds' },
  { value: 'members', label: 'Members', permission: 'find_members' },
  { value: 'sevas', label: 'Sevas', permission: 'manage_sevas' },
  { value: 'temple', label: 'Temple', permission: 'edit_content' },
  // What texting costs each month, and the texts sent (admins).
  { value: 'texting', label: 'Texting', permission: 'manage_texting' },
  { value: 'audit', label: 'Audit Log', permission: 'read_audit' },
];

/** The tabs the account may see, in their order. */
export function visibleTabs(can: (permission: Permission) => boolean): AdminTab[] {
  return adminTabs.filter((t) => can(t.permission));
}

/** The tab shown: the requested one when the account may see it, else its first tab (null: none). */
export function chooseTab(tabs: readonly AdminTab[], requested: string | null): AdminTabValue | null {
  return (tabs.find((t) => t.value === requested) ?? tabs[0])?.value ?? null;
}

/** The page's subtitle: what this account can manage, here and on the events' and sevas' pages. */
export function describeAccess(can: (permission: Permission) => boolean): string {
  const areas: string[] = [];
  if (can('manage_staff')) areas.push('staff roles');
  if (can('read_ledger')) areas.push('payments');
  if (can('manage_funds')) areas.push('funds', 'donation options', 'payment methods');
  if (can('find_members')) areas.push('members');
  if (can('manage_texting')) areas.push('texting');
  if (can('manage_sevas')) areas.push('sevas');
  if (can('seva_desk')) areas.push('the seva schedule');
  if (can('edit_content')) {
    areas.push('events', "the temple's own content");
  } else {
    if (can('read_attendees')) areas.push('event registrations');
    if (can('manage_volunteers')) areas.push('event volunteers');
    if (can('door_duty')) areas.push('check-in at events');
  }
  const audit = can('read_audit');
  if (areas.length === 0) return audit ? 'Read the audit log.' : '';
  return `Manage ${joinList(areas)}${audit ? ', and read the audit log' : ''}.`;
}
