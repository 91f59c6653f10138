/**
 * Seeded pseudo-random numbers for the synthetic renderers. Everything the demo race and the synthetic benchmark
 * races draw comes from here with a fixed seed, so the same request always renders the same bytes.
 */

/** mulberry32: small, fast, good enough for textures and sensor noise; never for anything secret. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Approximately normal noise (Irwin–Hall: the sum of four uniforms, rescaled to unit variance). Cheaper than
 * Box–Muller and bounded, which keeps a noisy pixel from ever jumping by more than ~3.5 sigma.
 */
export function createGaussian(seed: number): () => number {
  const uniform = createRandom(seed);
  const scale = Math.sqrt(3); // variance of the sum of 4 U(0,1) is 4/12 = 1/3
  return () => (uniform() + uniform() + uniform() + uniform() - 2) * scale;
}

/** Mixes integers into one 32-bit seed (frame index, scenario seed, ...). */
export function mixSeed(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const p of parts) {
    h ^= p >>> 0;
    h = Math.imul(h, 0x01000193) >>> 0;
    h ^= h >>> 13;
  }
  return h >>> 0;
}
