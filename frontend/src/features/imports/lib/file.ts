/** What the file input accepts: a CSV file or an Excel workbook. */
export const IMPORT_ACCEPT = '.csv,.xlsx';

/** The largest file the server takes (its bytes, before base64). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/** Why a chosen file cannot be sent, or null when it can. */
export function importFileProblem(file: Pick<File, 'size'>): string | null {
  return file.size > MAX_IMPORT_BYTES ? 'The file is larger than 20 MB' : null;
}

// A multiple of 3 bytes: each chunk's base64 then has no padding, so the chunks' texts join into the whole's.
const CHUNK = 3 * 8192;

/** Bytes as base64, a chunk at a time (one `String.fromCharCode` of 20 MB would overflow the stack). */
export function bytesToBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += CHUNK) {
    parts.push(btoa(String.fromCharCode(...bytes.subarray(i, i + CHUNK))));
  }
  return parts.join('');
}

/** The file's bytes, read with a FileReader. */
function readBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (reader.result instanceof ArrayBuffer) resolve(new Uint8Array(reader.result));
      else reject(new Error('Unexpected file reader result'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('File could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

/** The file's bytes in base64, as the import endpoints take them (`content`). */
export async function readAsBase64(file: Blob): Promise<string> {
  return bytesToBase64(await readBytes(file));
}

/** The dry run's report's file name: "members.csv" -> "members-report.csv". */
export function reportFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  return `${base || 'import'}-report.csv`;
}

/** Saves a text the browser already holds (the report, answered to a POST) as a file. */
export function saveTextAsFile(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const href = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}
