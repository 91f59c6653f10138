/** The software's name and version, printed on every result sheet and stored in every race. */
import { createRequire } from 'node:module';

const pkg = createRequire(import.meta.url)('../../package.json') as { version: string; productName?: string };

export const SOFTWARE = Object.freeze({ name: pkg.productName ?? 'Photofinish', version: pkg.version });
