import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';

/** The fake camera's picture: a VGA frame. */
const WIDTH = 640;
const HEIGHT = 480;

/**
 * Writes a Y4M video (one grey-scale 640x480 frame, which Chromium loops) showing `svg` — a QR
 * code as the server draws it — 360 px wide on white, for Chromium's
 * `--use-file-for-fake-video-capture`. `page` rasterises the SVG on a canvas (any page will do:
 * nothing of the app is used).
 */
export async function qrCodeVideo(page: Page, svg: string, path: string): Promise<void> {
  const grey: number[] = await page.evaluate(
    async ({ svg, width, height }) => {
      const image = new Image();
      image.src = `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas');
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
      const side = 360;
      context.drawImage(image, (width - side) / 2, (height - side) / 2, side, side);
      const { data } = context.getImageData(0, 0, width, height);
      const luma: number[] = new Array(width * height);
      for (let i = 0; i < width * height; i++) {
        luma[i] = Math.round(0.299 * data[i * 4] + 0.587 * data[i * 4 + 1] + 0.114 * data[i * 4 + 2]);
      }
      return luma;
    },
    { svg, width: WIDTH, height: HEIGHT },
  );
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const frame = Buffer.concat([
    Buffer.from('FRAME\n', 'ascii'),
    Buffer.from(grey),
    // No colour: both chroma planes (quarter size each in 4:2:0) at their middle value.
    Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128),
  ]);
  await writeFile(path, Buffer.concat([header, frame, frame]));
}

/** The Chromium flags that feed `path` to the page as its camera, without asking. */
export function fakeCameraArgs(path: string): string[] {
  return ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${path}`];
}
