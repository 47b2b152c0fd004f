/**
 * The text of a PDF the app served (a giving statement), read with unpdf (PDF.js for servers,
 * pure JavaScript: no browser, no canvas) so a test can check what a donor would read on it.
 */
import { readFile } from 'node:fs/promises';
import { extractTextItems, type StructuredTextItem } from 'unpdf';

export type PdfText = {
  /** How many pages. */
  pages: number;
  /** Each page's lines, top to bottom; a line's pieces left to right, spaces collapsed. */
  pageLines: string[][];
  /** Every line of every page. */
  lines: string[];
  /** All the text on one line with single spaces, so a sentence wrapped over lines still matches. */
  flat: string;
};

/** A line's pieces in reading order, with a space where the gap between two is wider than a narrow letter. */
function joinLine(items: StructuredTextItem[]): string {
  let line = '';
  let end = Number.NEGATIVE_INFINITY;
  for (const item of [...items].sort((a, b) => a.x - b.x)) {
    const gap = item.x - end;
    if (line && !/\s$/.test(line) && !/^\s/.test(item.str) && gap > Math.max(item.fontSize, 1) * 0.15) line += ' ';
    line += item.str;
    end = item.x + item.width;
  }
  return line.replace(/\s+/g, ' ').trim();
}

/** A page's lines, top to bottom: pieces whose baselines are within half a font size share a line. */
function pageLines(items: StructuredTextItem[]): string[] {
  const rows: { y: number; size: number; items: StructuredTextItem[] }[] = [];
  for (const item of [...items].filter((i) => i.str.length > 0).sort((a, b) => b.y - a.y || a.x - b.x)) {
    const row = rows.at(-1);
    if (row && Math.abs(row.y - item.y) <= Math.max(row.size, item.fontSize, 1) * 0.5) row.items.push(item);
    else rows.push({ y: item.y, size: item.fontSize, items: [item] });
  }
  return rows.map((r) => joinLine(r.items)).filter(Boolean);
}

/** Reads a PDF (its bytes, or the path of a file such as a Playwright download) into its text. */
export async function pdfText(source: Uint8Array | string): Promise<PdfText> {
  const bytes = typeof source === 'string' ? await readFile(source) : source;
  const head = Buffer.from(bytes.subarray(0, 5)).toString('latin1');
  if (head !== '%PDF-') {
    throw new Error(`not a PDF: it starts ${JSON.stringify(Buffer.from(bytes.subarray(0, 80)).toString('utf8'))}`);
  }
  // A copy: PDF.js takes over (detaches) the buffer it is given, and refuses a Node Buffer.
  const { totalPages, items } = await extractTextItems(new Uint8Array(bytes));
  const perPage = items.map(pageLines);
  const lines = perPage.flat();
  return { pages: totalPages, pageLines: perPage, lines, flat: lines.join(' ') };
}
