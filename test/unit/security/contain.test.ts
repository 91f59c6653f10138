import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContainmentError, resolveContained, resolveContainedFile } from '../../../app/security/contain.js';

let tmp: string;
let root: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-contain-'));
  root = path.join(tmp, 'root');
  await mkdir(path.join(root, 'tiles', '0'), { recursive: true });
  await writeFile(path.join(root, 'tiles', '0', '1.png'), 'x');
  await writeFile(path.join(tmp, 'outside.txt'), 'secret');
  await symlink(path.join(tmp, 'outside.txt'), path.join(root, 'link.txt'));
  await symlink(path.join(root, 'tiles'), path.join(root, 'tiles-alias'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

async function refusal(requested: string): Promise<ContainmentError> {
  const err = await resolveContained(root, requested).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, requested).toBeInstanceOf(ContainmentError);
  return err as ContainmentError;
}

describe('path containment', () => {
  it('resolves real files inside the root, including through symlinks that stay inside', async () => {
    const real = await resolveContained(root, 'tiles/0/1.png');
    expect(real.endsWith(path.join('tiles', '0', '1.png'))).toBe(true);
    expect(await resolveContained(root, 'tiles-alias/0/1.png')).toBe(real);
    expect(await resolveContained(root, 'tiles%2F0%2F1.png')).toBe(real);
  });

  it.each([
    '../outside.txt',
    '..%2foutside.txt',
    '%2e%2e/outside.txt',
    '%2E%2E%2Foutside.txt',
    'tiles/../../outside.txt',
    './tiles/0/1.png',
    '/etc/passwd',
    '%2fetc%2fpasswd',
    '//server/share/file',
    '\\\\server\\share\\file',
    'tiles%5c..%5c..%5coutside.txt',
    'C:/Windows/win.ini',
    'C%3A%5CWindows',
    'tiles/0/1.png%00.txt',
    'tiles//0/1.png',
    'tiles/0/1.png:stream',
    '%E0%A4%A',
    'link.txt',
  ])('refuses %s', async (requested) => {
    const err = await refusal(requested);
    expect(err.notFound).toBe(false);
  });

  it('tells plain absence apart from an attack, and refuses folders where a file is wanted', async () => {
    expect((await refusal('tiles/0/2.png')).notFound).toBe(true);
    await expect(resolveContainedFile(root, 'tiles/0')).rejects.toMatchObject({ notFound: true });
    await expect(resolveContainedFile(root, 'tiles/0/1.png')).resolves.toMatchObject({ size: 1 });
  });
});
