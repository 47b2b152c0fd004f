// The QR code reader of the door's scanner: zxing-wasm's reader, its .wasm served from our own
// origin (Vite emits it as an asset of the build), never from a CDN. Loaded only when the scanner
// opens: nothing here is part of the initial bundle.
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

const OPTIONS: ReaderOptions = { formats: ['QRCode'], maxNumberOfSymbols: 1, tryHarder: true };

let ready: Promise<unknown> | null = null;

/** Fetches and instantiates the reader's .wasm once; a failure is retried on the next call. */
export function loadQrReader(): Promise<unknown> {
  ready ??= prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  }).catch((err: unknown) => {
    ready = null;
    throw err;
  });
  return ready;
}

/** The text of the QR code in a camera frame, or null when the frame holds none. */
export async function readQrCode(image: ImageData): Promise<string | null> {
  const [found] = await readBarcodes(image, OPTIONS);
  return found && found.isValid && found.text ? found.text : null;
}
