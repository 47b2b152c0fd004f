// Routes of the pages that only more-routes.tsx lists, kept out of config/paths.ts: that table is
// part of the entry, whose size is budgeted (docs/architecture.md#budgets, `npm run size`).

/** The books: exports for QuickBooks, the chart of accounts and its mappings (`export_finances`, `manage_funds`). */
// The admin dashboard links to it by the same text: a module shared by two lazy chunks lands in the
// entry.
export const ACCOUNTING_PATH = '/admin/accounting';

/** The treasurer's reports with charts (`read_ledger`). */
export const REPORTS_PATH = '/admin/reports';
