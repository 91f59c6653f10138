/**
 * sharp, loaded on first use. Loading it (libvips and its C++ wrapper, relocated symbol by symbol) costs about 0.2
 * CPU-s, measured on this project's 2-core CI machine: an eighth of what a 2000-frame build through FFmpeg spends
 * in Node, for a library such a build never calls. Modules that may run without it import its types only and
 * ask for it here.
 */
type SharpModule = typeof import('sharp').default;

let loading: Promise<SharpModule> | null = null;

export function loadSharp(): Promise<SharpModule> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
