import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import rules (docs/architecture.md#frontend) are enforced by eslint/boundaries.js; these cases prove it fires.
const eslint = new ESLint({ cwd: process.cwd() });

async function messagesFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'boundaries/no-cross-boundary').map((m) => m.message);
}

describe('import boundaries', () => {
  it('refuses a feature importing another feature, by alias or relative path', async () => {
    const msg = 'Features must not import other features; compose them in src/app instead.';
    expect(await messagesFor('src/features/donations/x.ts', "import { a } from '@/features/payments/api';\nexport { a };\n")).toEqual([msg]);
    expect(await messagesFor('src/features/donations/components/x.ts', "import { a } from '../../payments/api';\nexport { a };\n")).toEqual([msg]);
  });

  it('refuses features importing app, and shared code importing features or app', async () => {
    expect(await messagesFor('src/features/events/x.ts', "import { a } from '@/app/router';\nexport { a };\n")).toEqual([
      'Features must not import from src/app.',
    ]);
    const shared = 'Shared code (components, lib, config, types) must not import features or app.';
    expect(await messagesFor('src/lib/x.ts', "import { a } from '@/features/events/api';\nexport { a };\n")).toEqual([shared]);
    expect(await messagesFor('src/components/ui/x.ts', "export { a } from '../../app/router';\n")).toEqual([shared]);
  });

  it('allows a feature its own files, shared code, and app everything', async () => {
    expect(await messagesFor('src/features/events/x.ts', "import { a } from './api';\nimport { b } from '@/lib/format';\nexport { a, b };\n")).toEqual([]);
    expect(await messagesFor('src/app/x.ts', "import { a } from '@/features/events/api';\nexport { a };\n")).toEqual([]);
  });
});
