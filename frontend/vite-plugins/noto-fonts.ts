// Vite plugin: the Noto Sans fonts of the site's Indian scripts (Telugu, Tamil, Devanagari for
// Hindi, Kannada), self-hosted (ADR 0149). Each is Fontsource's subset of its own script only, in
// two weights (400 for text, 700 for headings), emitted as `assets/fonts/<name>.<hash>.woff2`, and
// declared with `@font-face` in index.html's head with the script's `unicode-range`: a browser
// downloads a font only for a page with text in its script, so an English page loads none, and a
// device that has the font already (`local()`) downloads nothing. `font-display: swap`, not
// `optional`: on a device without a font for the script, `optional` left the first page in empty
// boxes (seen at 390 px in Debian's Chromium); `swap` shows the words when the font comes, at the
// cost of a layout shift (ADR 0149).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

const SCRIPTS = [
  { family: 'Noto Sans Telugu', pkg: 'noto-sans-telugu', subset: 'telugu' },
  { family: 'Noto Sans Tamil', pkg: 'noto-sans-tamil', subset: 'tamil' },
  { family: 'Noto Sans Devanagari', pkg: 'noto-sans-devanagari', subset: 'devanagari' },
  { family: 'Noto Sans Kannada', pkg: 'noto-sans-kannada', subset: 'kannada' },
] as const;
const WEIGHTS = [400, 700] as const;

/** The font families, for the theme's font stack (src/app/theme.ts). */
export const NOTO_FAMILIES = SCRIPTS.map((s) => s.family);

interface Face {
  family: string;
  weight: number;
  fileName: string;
  source: Buffer;
  unicodeRange: string;
}

function faces(root: string): Face[] {
  return SCRIPTS.flatMap(({ family, pkg, subset }) =>
    WEIGHTS.map((weight) => {
      const dir = path.join(root, 'node_modules', '@fontsource', pkg);
      const file = `${pkg}-${subset}-${weight}-normal.woff2`;
      const source = fs.readFileSync(path.join(dir, 'files', file));
      // The script's range, from Fontsource's own declaration of that file.
      const css = fs.readFileSync(path.join(dir, `${weight}.css`), 'utf8');
      const block = css.split('@font-face').find((b) => b.includes(`/${file}`));
      const unicodeRange = /unicode-range:\s*([^;]+);/.exec(block ?? '')?.[1]?.trim();
      if (!unicodeRange) throw new Error(`no unicode-range for ${file} in @fontsource/${pkg}/${weight}.css`);
      const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
      return { family, weight, fileName: `assets/fonts/${pkg}-${weight}.${hash}.woff2`, source, unicodeRange };
    }),
  );
}

/** The `@font-face` rules, one line each. */
export function fontFaces(list: Pick<Face, 'family' | 'weight' | 'fileName' | 'unicodeRange'>[], base = '/'): string {
  return list
    .map(
      (f) =>
        `@font-face{font-family:'${f.family}';font-style:normal;font-weight:${f.weight};font-display:swap;` +
        `src:local('${f.family}'),url(${base}${f.fileName}) format('woff2');unicode-range:${f.unicodeRange}}`,
    )
    .join('');
}

export function notoFonts(): Plugin {
  let config: ResolvedConfig;
  let list: Face[] = [];
  return {
    name: 'mandir-noto-fonts',
    configResolved(resolved) {
      config = resolved;
      list = faces(resolved.root);
    },
    transformIndexHtml() {
      return [{ tag: 'style', attrs: { 'data-fonts': '' }, children: fontFaces(list, config.base), injectTo: 'head' }];
    },
    generateBundle() {
      if (config.build.ssr) return;
      for (const f of list) this.emitFile({ type: 'asset', fileName: f.fileName, source: f.source });
    },
    configureServer(server) {
      // `npm run dev`: the same files, straight from node_modules.
      server.middlewares.use((req, res, next) => {
        const face = list.find((f) => req.url === `${config.base}${f.fileName}`);
        if (!face) return next();
        res.setHeader('Content-Type', 'font/woff2');
        res.end(face.source);
      });
    },
  };
}
