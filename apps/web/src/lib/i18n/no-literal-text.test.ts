import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ESLint, type Linter } from 'eslint';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const RULE = 'i18next/no-literal-string';

/** The project's own entry for the rule (its files, plugin and options), and nothing else of the config. */
async function literalTextConfig(): Promise<Linter.Config[]> {
  const configFile = pathToFileURL(path.join(ROOT, 'eslint.config.js')).href;
  const { default: configs } = (await import(/* @vite-ignore */ configFile)) as { default: Linter.Config[] };
  const entry = configs.find((config) => config.rules?.[RULE] !== undefined);
  const parser = configs.find((config) => config.languageOptions?.parser)?.languageOptions;
  if (!entry || !parser) throw new Error(`eslint.config.js has no ${RULE} entry or no TypeScript parser`);
  return [{ ...entry, languageOptions: { ...parser, parserOptions: { ecmaFeatures: { jsx: true } } } }];
}

/**
 * Every text on screen comes from the catalogue (docs/decisions/008-languages-with-lingui.md): the
 * project's lint rule against literal text in JSX and in the props that reach the screen or a
 * screen reader, run as a test so `npm test` fails on a string a translator would never see.
 */
describe('the web app’s components', () => {
  it('render no literal user-visible text outside the catalogue', async () => {
    const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: await literalTextConfig() });
    const results = await eslint.lintFiles(['apps/web/src/**/*.tsx']);
    const linted = results.filter((result) => !result.messages.some((message) => message.ruleId === null && message.fatal));
    const literals = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === RULE || message.fatal)
        .map((message) => `${path.relative(ROOT, result.filePath)}:${message.line}: ${message.message}`),
    );
    expect(linted.length).toBeGreaterThan(50);
    expect(literals).toEqual([]);
  }, 60_000);
});
