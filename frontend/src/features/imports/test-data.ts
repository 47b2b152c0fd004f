// Import records for tests, as the server writes them.
import { allPermissions, makeStaff } from '@/testing/data';
import type { User } from '@/types/api';
import type { ImportInspectionDto, ImportMappingDto, ImportReportDto, ImportSummaryDto } from './lib/types';

/** An admin: the only role allowed `import_data` (listed here until the test data's admin permissions have it). */
export function makeImporter(overrides: Partial<User> = {}): User {
  const permissions = allPermissions.includes('import_data') ? allPermissions : [...allPermissions, 'import_data' as const];
  return makeStaff(['admin'], { permissions, ...overrides });
}

/** A members file of 3 rows as the server reads it, with its suggested columns. */
export function makeInspection(overrides: Partial<ImportInspectionDto> = {}): ImportInspectionDto {
  return {
    kind: 'members',
    headers: ['First', 'Last', 'E-mail', 'Phone', 'Spouse'],
    sample: [
      ['Ravi', 'Kumar', 'ravi@example.org', '9165550101', 'Sita'],
      ['Anand', 'Rao', 'anand@example', '', ''],
      ['', 'Iyer', 'iyer@example.org', '9165550103', ''],
    ],
    rows: 3,
    fields: [
      { key: 'firstName', label: 'First name', required: true, help: "The member's given name." },
      { key: 'lastName', label: 'Last name', required: true, help: 'The family name.' },
      { key: 'email', label: 'E-mail', required: false, help: 'Makes an account; without it the person is a family member.' },
      { key: 'phone', label: 'Phone', required: false, help: 'Any format.' },
    ],
    suggested: { firstName: 'First', lastName: 'Last', email: 'E-mail' },
    ...overrides,
  };
}

/** A members dry run: 1 new account, 1 family member, 1 household; one row in error and one warning. */
export function makeReport(overrides: Partial<ImportReportDto> = {}): ImportReportDto {
  return {
    kind: 'members',
    rows: 3,
    newRows: 2,
    unchanged: 0,
    failed: 1,
    accounts: 1,
    familyMembers: 1,
    households: 1,
    total: null,
    issues: [
      { line: 3, field: 'email', value: 'anand@example', message: 'Not an e-mail address: imported without one', warning: true },
      { line: 4, field: 'firstName', value: '', message: 'A first name is required', warning: false },
    ],
    ...overrides,
  };
}

export function makeSummary(overrides: Partial<ImportSummaryDto> = {}): ImportSummaryDto {
  return {
    id: 'imp-1',
    kind: 'members',
    fileName: 'members.csv',
    rows: 3,
    created: 2,
    unchanged: 0,
    skipped: 1,
    total: null,
    byEmail: 'admin@temple.test',
    at: '2026-03-14T17:05:00Z',
    running: false,
    undoneAt: null,
    undoneBy: null,
    ...overrides,
  };
}

export function makeMapping(overrides: Partial<ImportMappingDto> = {}): ImportMappingDto {
  return {
    id: 'map-1',
    kind: 'members',
    name: 'Old church software',
    mapping: { firstName: 'First', lastName: 'Last', phone: 'Phone', email: 'Email address' },
    updatedAt: '2026-03-01T10:00:00Z',
    ...overrides,
  };
}
