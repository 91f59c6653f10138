/**
 * The results feed's template language, in the spirit of FinishLynx's scoreboard scripts: a message is text with
 * slots filled from the `results --json` object (plus `seq`, `race`, `publication`).
 *
 *   {{field}}              the value at a dotted path (`event.name`, `start.time_s`); '' where absent
 *   {{#list}} … {{/list}}  repeated for each element of a list (`finishers`, `others`), whose fields are then in
 *                          scope (the outer fields stay reachable); a non-list value shows the block once if set
 *   {{^field}} … {{/field}} shown only where the field is absent, false, '' or an empty list
 *   {{! comment }}         nothing
 *   \{{                    a literal "{{"
 *
 * Each finisher also has `bib` (its competitor id) and `time` (its published time), each other competitor `bib`.
 * Text is copied as written, line ends included. A template is checked when it is configured (unbalanced or
 * unknown sections are refused there), so a broken one never reaches a scoreboard.
 */
import { UserError } from '../errors.js';

type Node = { kind: 'text'; text: string } | { kind: 'slot'; path: string } | { kind: 'section'; path: string; inverted: boolean; body: Node[] };

export interface CompiledTemplate {
  nodes: Node[];
}

const TAG = /\\\{\{|\{\{\s*([#^/!]?)\s*([^}]*?)\s*\}\}/g;
const PATH = /^[A-Za-z_@][\w@]*(\.[A-Za-z_@][\w@]*)*$/;

export const DEFAULT_FEED_TEMPLATE = '{{seq}},{{race}},{{publication}}\n{{#finishers}}{{place}},{{bib}},{{name}},{{time}}\n{{/finishers}}';

export function compileTemplate(text: string, file = 'the feed template'): CompiledTemplate {
  const root: Node[] = [];
  const stack: { path: string; body: Node[] }[] = [{ path: '', body: root }];
  const lineAt = (i: number) => text.slice(0, i).split('\n').length;
  let last = 0;
  const current = () => (stack[stack.length - 1] as { body: Node[] }).body;
  for (const m of text.matchAll(TAG)) {
    const at = m.index ?? 0;
    if (at > last) current().push({ kind: 'text', text: text.slice(last, at) });
    last = at + m[0].length;
    if (m[0] === '\\{{') {
      current().push({ kind: 'text', text: '{{' });
      continue;
    }
    const [, sigil = '', name = ''] = m;
    if (sigil === '!') continue;
    if (!PATH.test(name)) throw new UserError(`${file} line ${lineAt(at)}: "{{${sigil}${name}}}" is not a field name (letters, digits, _ and dots)`, 'INVALID_ARGUMENT');
    if (sigil === '#' || sigil === '^') {
      const body: Node[] = [];
      current().push({ kind: 'section', path: name, inverted: sigil === '^', body });
      stack.push({ path: name, body });
    } else if (sigil === '/') {
      const open = stack.pop();
      if (!open || stack.length === 0 || open.path !== name) {
        throw new UserError(`${file} line ${lineAt(at)}: {{/${name}}} closes ${open && stack.length > 0 ? `{{#${open.path}}}` : 'nothing'}`, 'INVALID_ARGUMENT');
      }
    } else current().push({ kind: 'slot', path: name });
  }
  if (last < text.length) current().push({ kind: 'text', text: text.slice(last) });
  if (stack.length > 1) throw new UserError(`${file}: {{#${(stack[stack.length - 1] as { path: string }).path}}} is never closed`, 'INVALID_ARGUMENT');
  return { nodes: root };
}

type Scope = readonly unknown[];

function lookup(scopes: Scope, path: string): unknown {
  const parts = path.split('.');
  for (let i = scopes.length - 1; i >= 0; i--) {
    let v: unknown = scopes[i];
    if (v === null || typeof v !== 'object' || !(parts[0] as string in (v as object))) continue;
    for (const p of parts) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[p] : undefined;
    return v;
  }
  return undefined;
}

const present = (v: unknown) => !(v === undefined || v === null || v === false || v === '' || (Array.isArray(v) && v.length === 0));
const text = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

function renderNodes(nodes: readonly Node[], scopes: Scope): string {
  let out = '';
  for (const n of nodes) {
    if (n.kind === 'text') out += n.text;
    else if (n.kind === 'slot') out += text(lookup(scopes, n.path));
    else {
      const v = lookup(scopes, n.path);
      if (n.inverted) {
        if (!present(v)) out += renderNodes(n.body, scopes);
      } else if (Array.isArray(v)) for (const item of v) out += renderNodes(n.body, [...scopes, item]);
      else if (present(v)) out += renderNodes(n.body, [...scopes, v]);
    }
  }
  return out;
}

export function renderTemplate(template: CompiledTemplate, data: unknown): string {
  return renderNodes(template.nodes, [data]);
}
