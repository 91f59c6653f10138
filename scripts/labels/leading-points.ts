/**
 * Reads a body's leading point on each frame of a clip, for hand labels (test/media/real/*.labels.json): the rule
 * written there, in code, so a label can be checked and re-read. The frames are decoded by sharp, as the build
 * decodes them, and each is compared with a background frame (one in which the body is away from the line).
 *
 *   npx tsx scripts/labels/leading-points.ts CLIP --toward up|down|left|right --across A-B --frames F-G --bg N|ahead
 *     [--from P] [--threshold T] [--brighter]
 *
 * `--toward`: the way the body moves; `--across A-B`: the image columns (for up/down) or rows (left/right) to read;
 * `--from P`: the row (column) to start scanning from, on the far side of the body (default: the image's edge ahead).
 * On each line of pixels across the edge, scanning from ahead of the body back toward it, the first pixel whose luma
 * (Y = 0.299 R + 0.587 G + 0.114 B) differs from the background frame's by more than 25 marks the body; the edge is
 * where Y passes halfway between the level 3 px ahead of that pixel and the level 2 px behind it, linearly between
 * pixel centres. The leading point is the most advanced edge over the lines read.
 *
 * `--bg ahead`: where the background itself moves (a conveyor belt), each pixel is compared instead with the mean
 * level of the 4th to 8th pixels ahead of it on the same frame; `--brighter` counts only pixels brighter than their
 * reference (a bright body whose dark shadow runs ahead of it: the shadow is not the body); `--run N`: the pixel
 * marks the body only if the N-1 pixels behind it differ too (a mark on the belt a few pixels long is not a body).
 */
import sharp from 'sharp';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const range = (s: string | undefined) => (s ?? '').split('-').map(Number) as [number, number];
const clip = args[0]!;
const toward = opt('toward') as 'up' | 'down' | 'left' | 'right';
const [a0, a1] = range(opt('across'));
const [f0, f1] = range(opt('frames'));
const bgArg = opt('bg');
const bg = Number(bgArg);
const brighter = args.includes('--brighter');
const run = Number(opt('run') ?? 1);
const THRESHOLD = Number(opt('threshold') ?? 25);

const { data, info } = await sharp(clip, { pages: -1 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
const width = info.width;
const height = info.pageHeight ?? info.height;
const luma = (page: number, x: number, y: number) => {
  const i = ((page * height + y) * width + x) * 3;
  return 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
};

// Positions run along the scan: for 'up' a row scanned from the top down, for 'left' a column from the left, etc.
const vertical = toward === 'up' || toward === 'down';
const size = vertical ? height : width;
const ahead = toward === 'up' || toward === 'left' ? -1 : 1;
const from = Number(opt('from') ?? (ahead < 0 ? 0 : size - 1));
const at = (page: number, line: number, pos: number) => (vertical ? luma(page, line, pos) : luma(page, pos, line));

for (let f = f0; f <= f1; f++) {
  let best: { line: number; edge: number } | null = null;
  for (let line = a0; line <= a1; line++) {
    // Scan from `from` (ahead of the body) back toward it.
    for (let pos = from; pos >= 0 && pos < size; pos -= ahead) {
      const clamp = (p: number) => Math.max(0, Math.min(size - 1, p));
      let ref = 0;
      if (bgArg === 'ahead') {
        for (let k = 4; k <= 8; k++) ref += at(f, line, clamp(pos + k * ahead)) / 5;
      }
      const differs = (p: number) => {
        const diff = at(f, line, clamp(p)) - (bgArg === 'ahead' ? ref : at(bg, line, clamp(p)));
        return (brighter ? diff : Math.abs(diff)) > THRESHOLD;
      };
      let body = true;
      for (let k = 0; k < run && body; k++) body = differs(pos - k * ahead);
      if (!body) continue;
      const outside = at(f, line, pos + 3 * ahead);
      const inside = at(f, line, pos - 2 * ahead);
      const half = (outside + inside) / 2;
      // Walk from 3 px ahead to 2 px behind and find where Y crosses the halfway level.
      let edge = pos;
      for (let p = pos + 3 * ahead; p !== pos - 2 * ahead; p -= ahead) {
        const y0 = at(f, line, p);
        const y1 = at(f, line, p - ahead);
        if ((y0 - half) * (y1 - half) <= 0 && y0 !== y1) {
          edge = p - ahead * ((half - y0) / (y1 - y0));
          break;
        }
      }
      const advanced = best === null || (ahead < 0 ? edge < best.edge : edge > best.edge);
      if (advanced) best = { line, edge };
      break;
    }
  }
  console.log(`frame ${f}: ${best ? `leading point ${vertical ? `x ${best.line}, y` : `y ${best.line}, x`} ${best.edge.toFixed(2)}` : 'none'}`);
}
