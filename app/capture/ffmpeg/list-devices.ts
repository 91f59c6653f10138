/**
 * The cameras FFmpeg can read on this system, with their modes, from FFmpeg's own listings (parsed in
 * app/domain/capture/device-list.ts): v4l2 on Linux (each /dev/videoN, named from sysfs), dshow on Windows,
 * avfoundation on macOS. A listing that fails (no ffmpeg, no devices) is an empty list, never an error: the capture
 * screen still offers the browser's cameras and a network address.
 */
import { readdir, readFile } from 'node:fs/promises';
import { parseAvfoundationDevices, parseDshowDevices, parseDshowOptions, parseV4l2Formats, type CaptureDevice } from '../../domain/capture/device-list.js';
import { ffmpegPath, runTool } from '../../imaging/sources/ffmpeg.js';

const listing = async (args: string[]): Promise<string> => (await runTool(ffmpegPath(), ['-hide_banner', ...args])).stderr;

async function v4l2Devices(): Promise<CaptureDevice[]> {
  const names = (await readdir('/dev').catch(() => [] as string[])).filter((n) => /^video\d+$/.test(n)).sort((a, b) => Number(a.slice(5)) - Number(b.slice(5)));
  const devices: CaptureDevice[] = [];
  for (const n of names) {
    const modes = parseV4l2Formats(await listing(['-f', 'v4l2', '-list_formats', 'all', '-i', `/dev/${n}`]));
    // A node with no formats is a camera's metadata node, not a picture.
    if (modes.length === 0) continue;
    const name = (await readFile(`/sys/class/video4linux/${n}/name`, 'utf8').catch(() => n)).trim();
    devices.push({ format: 'v4l2', input: `/dev/${n}`, name, modes });
  }
  return devices;
}

async function dshowDevices(): Promise<CaptureDevice[]> {
  const names = parseDshowDevices(await listing(['-list_devices', 'true', '-f', 'dshow', '-i', 'dummy']));
  const devices: CaptureDevice[] = [];
  for (const name of names) {
    const modes = parseDshowOptions(await listing(['-list_options', 'true', '-f', 'dshow', '-i', `video=${name}`]));
    devices.push({ format: 'dshow', input: `video=${name}`, name, modes });
  }
  return devices;
}

async function avfoundationDevices(): Promise<CaptureDevice[]> {
  const found = parseAvfoundationDevices(await listing(['-f', 'avfoundation', '-list_devices', 'true', '-i', '']));
  return found.map((d) => ({ format: 'avfoundation', input: String(d.index), name: d.name, modes: [] }));
}

export async function listCaptureDevices(platform: NodeJS.Platform = process.platform): Promise<CaptureDevice[]> {
  try {
    if (platform === 'linux') return await v4l2Devices();
    if (platform === 'win32') return await dshowDevices();
    if (platform === 'darwin') return await avfoundationDevices();
  } catch {
    // ffmpeg missing or a listing it cannot give: no FFmpeg devices (the browser's cameras and addresses remain).
  }
  return [];
}
