import { describe, expect, it } from 'vitest';
import { makeReport, makeSummary } from '../test-data';
import { describeReport, describeRun, describeUndo, importStatus, skipInvalidLabel } from './summary';

describe('import texts', () => {
  it("sums up a members check and a gifts check", () => {
    expect(describeReport(makeReport({ accounts: 150, familyMembers: 47, households: 60, unchanged: 3, failed: 2 }))).toBe(
      '150 new accounts, 47 family members, 60 households, 3 already imported or existing, 2 rows with errors',
    );
    expect(describeReport(makeReport({ accounts: 1, familyMembers: 1, households: 1, unchanged: 0, failed: 1 }))).toBe(
      '1 new account, 1 family member, 1 household, 0 already imported or existing, 1 row with errors',
    );
    expect(describeReport(makeReport({ kind: 'gifts', newRows: 1200, total: '45210.50', unchanged: 12, failed: 0 }))).toBe(
      '1,200 new gifts totalling $45,210.50, 12 already imported, 0 rows with errors',
    );
  });

  it('says what an import wrote', () => {
    const members = { import: makeSummary({ created: 197, unchanged: 3, skipped: 2 }), report: makeReport({ accounts: 150, familyMembers: 47, households: 60 }) };
    expect(describeRun(members)).toBe(
      'Imported 197 members: 150 accounts, 47 family members and 60 households. 3 already imported or existing, left as they were. 2 rows with errors left out.',
    );
    const gifts = { import: makeSummary({ kind: 'gifts', created: 1, unchanged: 0, skipped: 0, total: '1001.00' }), report: makeReport({ kind: 'gifts' }) };
    expect(describeRun(gifts)).toBe('Imported 1 gift totalling $1,001.00.');
  });

  it("labels the checkbox that leaves rows out", () => {
    expect(skipInvalidLabel(1)).toBe('Import only the rows without errors (1 row will be left out)');
    expect(skipInvalidLabel(4)).toBe('Import only the rows without errors (4 rows will be left out)');
  });

  it("shows each import's status, undone ones with when (in the temple's zone) and by whom", () => {
    expect(importStatus(makeSummary())).toBe('Done');
    expect(importStatus(makeSummary({ running: true }))).toBe('Running');
    // 02:00 UTC on the 15th is still the 14th in California.
    expect(importStatus(makeSummary({ undoneAt: '2026-03-15T02:00:00Z', undoneBy: 'ravi@example.org' }))).toBe('Undone on Mar 14, 2026 by ravi@example.org');
  });

  it('says what undoing removes', () => {
    expect(describeUndo(makeSummary({ kind: 'gifts', created: 12, total: '360.00' }))).toBe(
      'Everything it wrote is removed: 12 gifts totalling $360.00, imported from members.csv on Mar 14, 2026.',
    );
  });
});
