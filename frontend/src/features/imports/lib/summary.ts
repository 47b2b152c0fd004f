import { formatDate, formatTime, formatUSD } from '@/lib/format';
import type { ImportKind, ImportReportDto, ImportRunDto, ImportSummaryDto } from './types';

/** The kinds as the page offers them. */
export const importKindLabels: Record<ImportKind, string> = {
  members: 'Members and families',
  gifts: 'Historical gifts',
};

/** A kind in the history's Kind column. */
export const importKindShort: Record<ImportKind, string> = { members: 'Members', gifts: 'Gifts' };

/** 1234 -> "1,234". */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "1 household", "3 households". */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** What a dry run found, in one line. */
export function describeReport(report: ImportReportDto): string {
  const errors = `${countOf(report.failed, 'row')} with errors`;
  if (report.kind === 'gifts') {
    return `${countOf(report.newRows, 'new gift')} totalling ${formatUSD(report.total ?? '0')}, ${formatCount(report.unchanged)} already imported, ${errors}`;
  }
  return [
    countOf(report.accounts, 'new account'),
    countOf(report.familyMembers, 'family member'),
    countOf(report.households, 'household'),
    `${formatCount(report.unchanged)} already imported or existing`,
    errors,
  ].join(', ');
}

/** What an import wrote, for the Alert after it. */
export function describeRun({ import: done, report }: ImportRunDto): string {
  const written =
    done.kind === 'gifts'
      ? `Imported ${countOf(done.created, 'gift')} totalling ${formatUSD(done.total ?? report.total ?? '0')}.`
      : `Imported ${countOf(done.created, 'member')}: ${countOf(report.accounts, 'account')}, ${countOf(report.familyMembers, 'family member')} and ${countOf(report.households, 'household')}.`;
  const rest: string[] = [];
  if (done.unchanged > 0) rest.push(`${formatCount(done.unchanged)} already ${done.kind === 'gifts' ? 'imported' : 'imported or existing'}, left as they were.`);
  if (done.skipped > 0) rest.push(`${countOf(done.skipped, 'row')} with errors left out.`);
  return [written, ...rest].join(' ');
}

/** The checkbox that allows importing despite rows with errors. */
export function skipInvalidLabel(failed: number): string {
  return `Import only the rows without errors (${countOf(failed, 'row')} will be left out)`;
}

/** A date and time in the temple's zone, as the admin lists show them. */
export function importWhen(at: string): string {
  return `${formatDate(at)} ${formatTime(at)}`;
}

/** The history's Status: Running, Done, or when and by whom it was undone. */
export function importStatus(s: ImportSummaryDto): string {
  if (s.running) return 'Running';
  if (s.undoneAt) return `Undone on ${formatDate(s.undoneAt)}${s.undoneBy ? ` by ${s.undoneBy}` : ''}`;
  return 'Done';
}

/** The undo dialog's text: what removing the import removes. */
export function describeUndo(s: ImportSummaryDto): string {
  const what =
    s.kind === 'gifts'
      ? `${countOf(s.created, 'gift')}${s.total ? ` totalling ${formatUSD(s.total)}` : ''}`
      : `${countOf(s.created, 'member')} and the households it made`;
  return `Everything it wrote is removed: ${what}, imported from ${s.fileName} on ${formatDate(s.at)}.`;
}
