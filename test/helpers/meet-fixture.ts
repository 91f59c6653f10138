/**
 * A scripted meet: the meet software's input folder (lynx.sch with three races, lynx.evt and lynx.ppl in
 * Windows-1252, names with accents), a small frames folder to build each race from, and a tmp data folder.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { encodeCp1252 } from '../../app/domain/text/cp1252.js';
import { writeFrames } from '../fixtures/synthetic-frames.js';

export const SCH = '; schedule\r\n12,1,3\r\n5,1,1\r\n7,2,1\r\n';
export const EVT = [
  '12,1,3,Men 100m Final,,,,,,100',
  ',7,3,Müller,Jürgen,Köln',
  ',8,4,Ødegård,Björn,Bergen',
  ',9,5,,,',
  '5,1,1,Women 200m Heat 1',
  ',21,1,Brontë,Zoë,Haworth',
  ',22,2,Núñez,Inés,Cádiz',
  '7,2,1,Men 400m Semi 1',
  ',31,4,Dupré,Loïc,Orléans',
].join('\r\n');
export const PPL = '7,Müller,Jürgen,Köln\r\n9,Åberg,Søren,Malmö\r\n';

export interface MeetFixture {
  root: string;
  meetDir: string;
  input: string;
  output: string;
  frames: string;
  writeInput(name: string, text: string): Promise<void>;
  /** Removes the folder and gives PHOTOFINISH_DATA_DIR back its value from before. */
  cleanup(): Promise<void>;
}

/** The fixture; PHOTOFINISH_DATA_DIR points into it (the CLI run in-process keeps its data there) until cleanup. */
export async function makeMeetFixture(): Promise<MeetFixture> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-meet-'));
  const savedData = process.env.PHOTOFINISH_DATA_DIR;
  process.env.PHOTOFINISH_DATA_DIR = path.join(root, 'data');
  const input = path.join(root, 'lynx-in');
  const output = path.join(root, 'lynx-out');
  const frames = path.join(root, 'frames');
  await fs.mkdir(input);
  const writeInput = (name: string, text: string) => fs.writeFile(path.join(input, name), encodeCp1252(text));
  await writeInput('lynx.sch', SCH);
  await writeInput('lynx.evt', EVT);
  await writeInput('lynx.ppl', PPL);
  await writeFrames(frames, { width: 8, height: 6, frames: 40 });
  const cleanup = async () => {
    if (savedData === undefined) delete process.env.PHOTOFINISH_DATA_DIR;
    else process.env.PHOTOFINISH_DATA_DIR = savedData;
    await fs.rm(root, { recursive: true, force: true });
  };
  return { root, meetDir: path.join(root, 'meet'), input, output, frames, writeInput, cleanup };
}
