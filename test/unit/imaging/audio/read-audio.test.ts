import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectOnset } from '../../../../app/domain/start/onset.js';
import { detectFlash } from '../../../../app/domain/start/flash.js';
import { readAudioTrack } from '../../../../app/imaging/audio/read-audio.js';
import { videoBrightness } from '../../../../app/detection/start-signal/frame-brightness.js';
import { burstTruthS, makeStartClip, type StartClip } from '../../../helpers/start-clips.js';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-audio-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function onsetError(name: string, clip: StartClip) {
  const file = await makeStartClip(dir, name, clip);
  const track = await readAudioTrack(file);
  const onset = detectOnset(track.samples, track.sampleRate);
  if (!onset) throw new Error(`${name}: no onset found`);
  const found = Number(track.timeOfSample(onset.sample)) / 1e9;
  return { track, found, error: Math.abs(found - burstTruthS(clip)) };
}

describe('audio on the footage clock (onset error ≤ 0.2 ms)', () => {
  it('AAC in MP4: the encoder’s priming samples are dropped and the edit list applied', async () => {
    const { track, error } = await onsetError('aac', { container: 'mp4-aac', burstS: 1.2345678 });
    expect(track.stream.codec).toBe('aac');
    // 1024 priming samples (21.3 ms) would show as an error of that size if they were counted as sound.
    expect(error).toBeLessThanOrEqual(0.0002);
    expect(track.timeOfSample(0)).toBe(0n);
  });

  it('AAC in MP4 whose audio starts 250 ms after the video (an edit list says where)', async () => {
    const { track, error } = await onsetError('aac-late', { container: 'mp4-aac', burstS: 1.7654321, audioOffsetS: 0.25 });
    expect(error).toBeLessThanOrEqual(0.0002);
    // Counting samples from the video's first frame would put the report about a quarter of a second early.
    expect(Number(track.timeOfSample(0))).toBeGreaterThan(0.2e9);
  });

  it('PCM in Matroska, at 44.1 kHz, audio starting 100 ms after the video', async () => {
    const { track, error } = await onsetError('pcm', { container: 'mkv-pcm', burstS: 1.3579, sampleRate: 44_100, audioOffsetS: 0.1 });
    expect(track.stream).toMatchObject({ codec: 'pcm_s16le', sampleRate: 44_100, timeBase: '1/1000' });
    expect(error).toBeLessThanOrEqual(0.0002);
    // Matroska's millisecond timestamps do not break the samples into pieces: one clock from the first frame.
    expect(track.timeOfSample(44_100)).toBe(1_100_000_000n);
  });

  it('refuses a file without an audio track and a missing file, naming the file', async () => {
    const silent = path.join(dir, 'silent.mp4');
    await fs.copyFile(await makeStartClip(dir, 'tmp', { container: 'mp4-aac', burstS: 1 }), silent);
    const { execFile } = await import('node:child_process');
    await new Promise((r) => execFile('ffmpeg', ['-loglevel', 'error', '-y', '-i', silent, '-an', '-c', 'copy', path.join(dir, 'noaudio.mp4')], r));
    await expect(readAudioTrack(path.join(dir, 'noaudio.mp4'))).rejects.toThrow(`${path.join(dir, 'noaudio.mp4')}: has no audio track`);
    await expect(readAudioTrack(path.join(dir, 'gone.wav'))).rejects.toThrow(`${path.join(dir, 'gone.wav')}: not found`);
  });
});

describe('flash in a video', () => {
  it('finds the first bright frame; time zero within one frame interval of the true flash', async () => {
    const file = await makeStartClip(dir, 'flash', { container: 'mp4-aac', burstS: 1.495, flashS: 1.495, fps: 100 });
    const frames = await videoBrightness(file);
    expect(frames).toHaveLength(300);
    const flash = detectFlash(frames);
    expect(flash?.index).toBe(150);
    expect(flash?.interval).toBe(10_000_000n);
    expect(Math.abs(Number(flash?.zero) / 1e9 - 1.495)).toBeLessThanOrEqual(0.01);
    expect(flash?.uncertainty).toBeLessThanOrEqual(flash?.interval ?? 0n);
  });
});
