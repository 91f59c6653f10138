/**
 * Footage for the time-zero tests, made by ffmpeg inside the tests (no binary fixtures): a small grey video with a
 * sharp burst in its audio starting at a known instant (a gun's report: a 0.4 ms pressure step, its 0.4 ms negative
 * swing, then broadband noise decaying over 40 ms), an
 * optional flash (the whole picture white for 30 ms), in AAC/MP4 (with the encoder's priming samples, which the MP4
 * edit list compensates) or PCM/Matroska, optionally with the audio starting later than the video.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface StartClip {
  container: 'mp4-aac' | 'mkv-pcm';
  /** Where the report begins on the video's clock (seconds). */
  burstS: number;
  /** Where the flash begins (seconds); none when absent. */
  flashS?: number;
  fps?: number;
  durationS?: number;
  sampleRate?: number;
  /** The audio stream starts this much after the video (an edit list / container start time says so). */
  audioOffsetS?: number;
  /** Background noise amplitude (full scale 1). */
  noise?: number;
  /** AAC bit rate (default 128k); lower rates leave more pre-echo ahead of the report. */
  bitrate?: string;
}

/** The first sample of the burst as the generator places it: sample ceil((burst − offset)·rate) of the audio. */
export function burstTruthS(clip: StartClip): number {
  const rate = clip.sampleRate ?? 48_000;
  const offset = clip.audioOffsetS ?? 0;
  return offset + Math.ceil((clip.burstS - offset) * rate - 1e-9) / rate;
}

export async function makeStartClip(dir: string, name: string, clip: StartClip): Promise<string> {
  const fps = clip.fps ?? 100;
  const duration = clip.durationS ?? 3;
  const rate = clip.sampleRate ?? 48_000;
  const offset = clip.audioOffsetS ?? 0;
  const burst = clip.burstS - offset;
  const noise = clip.noise ?? 0.003;
  const flash = clip.flashS === undefined ? '' : `,drawbox=x=0:y=0:w=iw:h=ih:color=white:t=fill:enable='between(t,${clip.flashS},${clip.flashS + 0.03})'`;
  const report = `if(gte(t,${burst}),if(lt(t,${burst}+0.0004),0.9,if(lt(t,${burst}+0.0008),-0.6,0.5*(2*random(1)-1)*exp(-(t-${burst})*25))),0)`;
  const audio = `aevalsrc='${noise}*(2*random(0)-1)+${report}':s=${rate}:d=${duration - offset}`;
  const file = path.join(dir, `${name}.${clip.container === 'mp4-aac' ? 'mp4' : 'mkv'}`);
  const codec = clip.container === 'mp4-aac' ? ['-c:a', 'aac', '-b:a', clip.bitrate ?? '128k', ...(offset ? ['-movie_timescale', String(rate)] : [])] : ['-c:a', 'pcm_s16le'];
  await run('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `color=c=0x505050:s=64x48:r=${fps}:d=${duration}${flash}`,
    ...(offset ? ['-itsoffset', String(offset)] : []), '-f', 'lavfi', '-i', audio,
    '-map', '0:v', '-map', '1:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-bf', '0', ...codec, file,
  ]);
  return file;
}
