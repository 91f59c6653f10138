/** The per-user data folder (recent races, the rendered demo race). `PHOTOFINISH_DATA_DIR` overrides it (tests). */
import os from 'node:os';
import path from 'node:path';

export function defaultDataDir(): string {
  const override = process.env.PHOTOFINISH_DATA_DIR;
  if (override) return path.resolve(override);
  const home = os.homedir();
  if (process.platform === 'win32') return path.join(process.env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Photofinish');
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Photofinish');
  return path.join(process.env.XDG_DATA_HOME ?? path.join(home, '.local', 'share'), 'photofinish');
}
