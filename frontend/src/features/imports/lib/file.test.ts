import { describe, expect, it } from 'vitest';
import { bytesToBase64, importFileProblem, MAX_IMPORT_BYTES, readAsBase64, reportFileName } from './file';

describe('import files', () => {
  it('encodes bytes in chunks that join into the whole base64', () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 7) % 256);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    expect(bytesToBase64(new Uint8Array())).toBe('');
  });

  it("reads a chosen file's bytes as base64", async () => {
    const file = new File(['First,Last\nRavi,Kumar\n'], 'members.csv', { type: 'text/csv' });
    expect(await readAsBase64(file)).toBe(Buffer.from('First,Last\nRavi,Kumar\n').toString('base64'));
  });

  it('refuses files over 20 MB', () => {
    expect(importFileProblem({ size: MAX_IMPORT_BYTES })).toBeNull();
    expect(importFileProblem({ size: MAX_IMPORT_BYTES + 1 })).toBe('The file is larger than 20 MB');
  });

  it("names the report after the file, without the file's extension", () => {
    expect(reportFileName('members.csv')).toBe('members-report.csv');
    expect(reportFileName('giving 2019.2024.xlsx')).toBe('giving 2019.2024-report.csv');
    expect(reportFileName('README')).toBe('README-report.csv');
    expect(reportFileName('.csv')).toBe('.csv-report.csv');
  });
});
