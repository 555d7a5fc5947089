import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The repository's own module-boundaries block of eslint.config.js (found by its name), with
 * only a TypeScript parser beside it: what `npm run lint` enforces, without the type-aware rules.
 */
async function boundariesLinter(): Promise<ESLint> {
  const config = (await import(pathToFileURL(path.join(ROOT, 'eslint.config.js')).href)) as {
    default: Linter.Config[];
  };
  const block = config.default.find((c) => c.name === 'server/module-boundaries');
  if (!block) throw new Error('eslint.config.js has no server/module-boundaries block');
  return new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, block],
  });
}

/** Lints `code` as if it were a file of the team module. */
async function lintInTeam(code: string): Promise<string[]> {
  const eslint = await boundariesLinter();
  const [result] = await eslint.lintText(code, {
    filePath: path.join(ROOT, 'apps/server/src/modules/team/fixture.ts'),
  });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? ''}: ${m.message}`);
}

describe('module boundaries (eslint-plugin-boundaries)', () => {
  it("refuses an import of another module's inner file", async () => {
    expect(await lintInTeam("export { hashToken } from '../auth/tokens.ts';\n")).toEqual([
      'boundaries/dependencies: A module imports another only through its public service file (auth.service.ts) or its tables.',
    ]);
    expect(
      await lintInTeam("import { uploadDocs } from '../files/upload.ts';\nexport const docs = uploadDocs;\n"),
    ).toHaveLength(1);
  });

  it("allows another module's service file and tables, and the module's own files", async () => {
    const code = [
      "import { hashToken } from '../auth/auth.service.ts';",
      "import { users } from '../auth/auth.table.ts';",
      "import { lookupInvitation } from './team-invitations.service.ts';",
      'export const used = [hashToken, users, lookupInvitation];',
      '',
    ].join('\n');
    expect(await lintInTeam(code)).toEqual([]);
  });
});
