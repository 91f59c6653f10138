/**
 * The app never shows a command-line flag or a `photofinish COMMAND`: not in an engine error's message (every
 * `new UserError(...)` outside app/cli, found by reading the source) and not in the app's wording of a hint. The CLI
 * words the same hints with its flags, and every hint has both wordings.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CLI_HINTS, cliErrorText } from '../../../../app/cli/hints.js';
import { commands } from '../../../../app/cli/commands/index.js';
import { HINTS, UserError } from '../../../../app/domain/errors.js';
import { toApiError } from '../../../../app/api/errors.js';
import { APP_HINTS, appErrorText } from '../../../../renderer/src/errors/hints.js';
import { messageOf } from '../../../../renderer/src/session/errors.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** `--skip-bad`, `--fps`, ... and `photofinish verify`, `photofinish build`, ... */
const FLAG = /(^|[\s(“"'`])--[a-z][a-z-]*/;
const COMMAND = new RegExp(`\\bphotofinish\\s+(${commands.map((c) => c.name).join('|')})\\b`, 'i');
const cliWords = (text: string) => FLAG.test(text) || COMMAND.test(text);

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(repoRoot, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** The literal text of an expression that builds a message: strings, templates (their fixed parts), both arms of `?:`, `+`. */
function literalTexts(node: ts.Node): string[] {
  if (ts.isStringLiteralLike(node)) return [node.text];
  if (ts.isTemplateExpression(node)) {
    const fixed = node.head.text + node.templateSpans.map((s) => `\${…}${s.literal.text}`).join('');
    return [fixed, ...node.templateSpans.flatMap((s) => literalTexts(s.expression))];
  }
  if (ts.isConditionalExpression(node)) return [...literalTexts(node.whenTrue), ...literalTexts(node.whenFalse)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) return [...literalTexts(node.left), ...literalTexts(node.right)];
  if (ts.isParenthesizedExpression(node)) return literalTexts(node.expression);
  return [];
}

/** Every message literal given to `new UserError(...)` / `new CancelledError(...)` in a source file. */
export function userErrorMessages(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && /^(UserError|CancelledError)$/.test(node.expression.text)) {
      const first = node.arguments?.[0];
      if (first) found.push(...literalTexts(first));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('what the app shows when something fails', () => {
  const appFacing = [...sourceFiles('app').filter((f) => !f.startsWith(`app${path.sep}cli${path.sep}`)), ...sourceFiles('renderer/src')];
  const messages = appFacing.flatMap((f) => userErrorMessages(f, readFileSync(path.join(repoRoot, f), 'utf8')).map((m) => ({ file: f, message: m })));

  it('finds the engine error messages it checks (the scan reads the source)', () => {
    expect(messages.length).toBeGreaterThan(150);
    expect(messages).toContainEqual({ file: path.join('app', 'store', 'race-folder.ts'), message: '${…}: not a race folder (no ${…})' });
  });

  it('no engine error outside the CLI names a flag or a photofinish command', () => {
    expect(messages.filter((m) => cliWords(m.message))).toEqual([]);
  });

  it('no app wording of a hint names a flag or a photofinish command', () => {
    const facts = { events: '1-1-1, 2-1-1' };
    const wordings = HINTS.map((h) => ({ hint: h, text: APP_HINTS[h](facts) }));
    expect(wordings.filter((w) => cliWords(w.text))).toEqual([]);
  });

  it('the scan would catch a flag or a command', () => {
    expect(cliWords('frame_1.jpg: unreadable; use --skip-bad')).toBe(true);
    expect(cliWords('run photofinish verify')).toBe(true);
    expect(cliWords('Photofinish could not start')).toBe(false);
    const scanned = userErrorMessages('bad.ts', "throw new UserError(`${f}: already holds a race (use --force)`, 'CONFLICT');");
    expect(scanned.filter(cliWords)).toHaveLength(1);
  });

  it('every hint has a wording in the app and in the CLI', () => {
    for (const hint of HINTS) {
      expect(APP_HINTS[hint]({}).length, hint).toBeGreaterThan(10);
      expect(CLI_HINTS[hint]({}).length, hint).toBeGreaterThan(5);
    }
  });

  it('an engine error crosses the API with its hint; the app and the CLI each word the remedy', () => {
    const shape = toApiError(new UserError('/races/heat1: already holds a race', 'CONFLICT', { hint: 'replace-race' }));
    expect(shape).toEqual({ code: 'CONFLICT', message: '/races/heat1: already holds a race', hint: 'replace-race' });
    const wire = JSON.parse(JSON.stringify(shape));
    expect(messageOf(wire)).toBe('/races/heat1: already holds a race. Choose another folder under “Save the race in”, or open the race that is already there.');
    expect(cliErrorText(wire)).toBe('/races/heat1: already holds a race; use --force to replace it');
  });

  it('words facts the remedy needs, and ignores a hint it does not know', () => {
    expect(appErrorText('lynx.evt: holds 2 events (1-1-1, 2-1-1)', 'choose-event', { events: '1-1-1, 2-1-1' })).toMatch(/events in this file: 1-1-1, 2-1-1/);
    expect(appErrorText('something failed', 'no-such-hint', {})).toBe('something failed');
    expect(toApiError({ code: 'CONFLICT', message: 'x', hint: 'no-such-hint' })).toEqual({ code: 'CONFLICT', message: 'x' });
  });
});
