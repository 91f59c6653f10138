import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeDevice, parseAvfoundationDevices, parseAvfoundationModes, parseDshowDevices, parseDshowOptions, parseV4l2Formats } from '../../../../app/domain/capture/device-list.js';

// Recorded ffmpeg output, one file per platform and listing (stderr as ffmpeg prints it).
const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', 'ffmpeg-devices', name), 'utf8');

describe('FFmpeg device listings', () => {
  it('reads a v4l2 camera\'s MJPEG and raw sizes', () => {
    const modes = parseV4l2Formats(fixture('v4l2-list-formats.txt'));
    expect(modes.filter((m) => m.codec === 'mjpeg').map((m) => `${m.width}x${m.height}`)).toEqual(['1920x1080', '1280x720', '1024x576', '800x600', '640x480', '640x360', '320x240']);
    expect(modes.filter((m) => m.codec === 'yuyv422')).toHaveLength(3);
    expect(modes.every((m) => m.maxFps === null)).toBe(true);
  });

  it('lists dshow video devices (not microphones) in the FFmpeg 5 layout', () => {
    expect(parseDshowDevices(fixture('dshow-list-devices-ffmpeg5.txt'))).toEqual(['ELP USB3.0 Global Shutter Camera', 'Integrated Camera']);
  });

  it('lists dshow video devices in the FFmpeg 4 layout (section headings)', () => {
    expect(parseDshowDevices(fixture('dshow-list-devices-ffmpeg4.txt'))).toEqual(['USB2.0 HD UVC WebCam']);
  });

  it('reads dshow modes with their frame-rate ranges, each once', () => {
    const modes = parseDshowOptions(fixture('dshow-list-options.txt'));
    expect(modes).toHaveLength(4);
    expect(modes[1]).toEqual({ codec: 'mjpeg', width: 640, height: 480, minFps: 5, maxFps: 260.004 });
  });

  it('lists avfoundation video devices by index, and the modes it names', () => {
    expect(parseAvfoundationDevices(fixture('avfoundation-list-devices.txt'))).toEqual([
      { index: 0, name: 'FaceTime HD Camera' },
      { index: 1, name: 'USB3.0 Camera' },
      { index: 2, name: 'Capture screen 0' },
    ]);
    expect(parseAvfoundationModes(fixture('avfoundation-supported-modes.txt'))).toEqual([
      { codec: 'raw', width: 1280, height: 720, minFps: 1, maxFps: 120 },
      { codec: 'raw', width: 640, height: 480, minFps: 1, maxFps: 30 },
    ]);
  });

  it('prints one line per device with its modes grouped by codec', () => {
    const modes = parseDshowOptions(fixture('dshow-list-options.txt'));
    expect(describeDevice({ format: 'dshow', input: 'video=ELP USB3.0 Global Shutter Camera', name: 'ELP USB3.0 Global Shutter Camera', modes })).toBe(
      'dshow  video=ELP USB3.0 Global Shutter Camera  "ELP USB3.0 Global Shutter Camera"  mjpeg 1280x720@5-120 640x480@5-260.004; yuyv422 1280x720@5-10 640x480@5-30',
    );
  });
});
