#!/usr/bin/env node
// Checks the system tools the test suite drives for real. As root on a Debian-like machine (a fresh CI box, a
// container) it installs the missing ones with apt-get, so `npm install && npm test` works there as it stands;
// anywhere else it names the one command that would, and fails.
import { execFileSync, spawnSync } from 'node:child_process';

const TOOLS = [
  { bin: process.env.CHROME_PATH || 'chromium', pkg: 'chromium', why: 'end-to-end tests in a real browser' },
  { bin: 'ffmpeg', pkg: 'ffmpeg', why: 'video sources' },
  { bin: 'ffprobe', pkg: 'ffmpeg', why: 'video timestamps' },
  { bin: 'pdftotext', pkg: 'poppler-utils', why: 'reading result sheets back' },
  { bin: 'pdftoppm', pkg: 'poppler-utils', why: 'rendering result sheets' },
  { bin: 'pdfimages', pkg: 'poppler-utils', why: 'reading the resolution of printed images' },
  { bin: 'exiftool', pkg: 'libimage-exiftool-perl', why: 'reading the posted photo’s caption metadata' },
];

const has = (bin) => spawnSync('sh', ['-c', `command -v "${bin}"`], { stdio: 'ignore' }).status === 0;
const missing = TOOLS.filter((t) => !has(t.bin));
if (missing.length === 0) process.exit(0);

const pkgs = [...new Set(missing.map((t) => t.pkg))];
const canApt = process.platform === 'linux' && process.getuid?.() === 0 && has('apt-get');
if (canApt) {
  console.log(`Installing test tools: ${pkgs.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...pkgs], { stdio: 'inherit', env });
  process.exit(0);
}
console.error(
  `The tests need ${missing.map((t) => `${t.bin} (${t.why})`).join(', ')}. Install with: sudo apt-get install -y ${pkgs.join(' ')}`,
);
process.exit(1);
