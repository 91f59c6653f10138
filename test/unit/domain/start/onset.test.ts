import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../../app/demo/prng.js';
import { detectOnset } from '../../../../app/domain/start/onset.js';

const RATE = 48_000;

/** Background noise of `noise` amplitude for `seconds`, with whatever `add` puts on top at sample i. */
function recording(seconds: number, noise: number, add: (i: number, rnd: () => number) => number, seed = 1): Float32Array {
  const rnd = createRandom(seed);
  const out = new Float32Array(Math.round(seconds * RATE));
  for (let i = 0; i < out.length; i++) out[i] = noise * (2 * rnd() - 1) + add(i, rnd);
  return out;
}

/** A gun's report: broadband noise starting at sample `at`, decaying over about 30 ms. */
const report = (at: number, level: number) => (i: number, rnd: () => number) => (i < at ? 0 : level * (2 * rnd() - 1) * Math.exp(-(i - at) / (0.03 * RATE)));

describe('audio onset (the gun’s report)', () => {
  it.each([
    ['a loud report over quiet noise', 0.003, 0.8],
    ['a report 18 dB over crowd noise', 0.05, 0.4],
  ])('locates %s to within 0.2 ms', (_name, noise, level) => {
    for (const at of [72_000, 72_017, 100_003]) {
      const onset = detectOnset(recording(3, noise, report(at, level), at), RATE);
      expect(onset).not.toBeNull();
      expect(Math.abs((onset?.sample ?? 0) - at) / RATE).toBeLessThanOrEqual(0.0002);
    }
  });

  it('finds the first report, not the loudest sound', () => {
    const two = recording(3, 0.003, (i, rnd) => report(50_000, 0.3)(i, rnd) + report(90_000, 0.9)(i, rnd));
    expect(detectOnset(two, RATE)?.sample).toBeGreaterThanOrEqual(50_000);
    expect(detectOnset(two, RATE)?.sample).toBeLessThan(50_010);
  });

  it('is not fooled by an AAC pre-echo: quantisation noise spread up to a block (tens of ms) ahead of the report', () => {
    // As ffmpeg's AAC encoder at 96 kb/s left it before a report at 1.035 s: noise rising to 0.026 over the 24 ms
    // before the report (+20 dB over the floor, so it passes the rise test), then the report itself at 0.99.
    for (const at of [72_000, 72_017, 100_003]) {
      const lead = Math.round(0.024 * RATE);
      const preEcho = (i: number, rnd: () => number) => (i >= at - lead && i < at ? (0.008 + (0.018 * (i - at + lead)) / lead) * (2 * rnd() - 1) : 0);
      const onset = detectOnset(recording(3, 0.002, (i, rnd) => preEcho(i, rnd) + report(at, 0.9)(i, rnd), at), RATE);
      expect(Math.abs((onset?.sample ?? 0) - at) / RATE).toBeLessThanOrEqual(0.0002);
    }
  });

  it('reports the rise and the signal-to-noise ratio', () => {
    const onset = detectOnset(recording(2, 0.003, report(40_000, 0.8)), RATE);
    expect(onset?.riseDb).toBeGreaterThan(30);
    expect(onset?.snrDb).toBeGreaterThan(30);
  });

  it('finds nothing in silence, in steady noise, or in a sound that swells slowly (a voice, an engine)', () => {
    expect(detectOnset(new Float32Array(RATE * 2), RATE)).toBeNull();
    expect(detectOnset(recording(2, 0.2, () => 0), RATE)).toBeNull();
    const swell = recording(3, 0.003, (i) => 0.5 * Math.min(1, Math.max(0, (i - RATE) / (0.5 * RATE))) * Math.sin((2 * Math.PI * 220 * i) / RATE));
    expect(detectOnset(swell, RATE)).toBeNull();
  });
});
