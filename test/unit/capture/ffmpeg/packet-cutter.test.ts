import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureArgs, clockOf, inputArgs } from '../../../../app/capture/ffmpeg/capture-args.js';
import { jpegOnly } from '../../../../app/capture/ffmpeg/ffmpeg-capture.js';
import { PacketCutter, type CutPacket } from '../../../../app/capture/ffmpeg/packet-cutter.js';
import { recoverStream } from '../../../../app/capture/ffmpeg/recover-stream.js';
import { parseShowinfoFrame } from '../../../../app/domain/capture/ffmpeg-lines.js';

// framecrc as ffmpeg 5.1 prints it for a copied MPEG-TS H.264 stream (recorded).
const HEADER = '#extradata 0:       34, 0x859e081f\n#software: Lavf59.27.100\n#tb 0: 1/90000\n#media_type 0: video\n#codec_id 0: h264\n#dimensions 0: 1280x720\n#sar 0: 1/1\n';
const line = (pts: number, size: number, key: boolean) => `0, ${String(pts).padStart(10)}, ${String(pts).padStart(10)},      750, ${String(size).padStart(8)}, 0x6b0e15d6${key ? '' : ', F=0x0'}, S=1,        1\n`;

describe('cutting the copied stream into packets by framecrc', () => {
  it('pairs each packet\'s bytes with its own timestamp, whichever pipe runs ahead, across chunk boundaries', () => {
    const got: CutPacket[] = [];
    const cutter = new PacketCutter((p) => got.push(p));
    const a = Buffer.alloc(5, 1);
    const b = Buffer.alloc(7, 2);
    const c = Buffer.alloc(3, 3);
    cutter.pushBytes(Buffer.concat([a, b.subarray(0, 2)]));
    cutter.pushText(HEADER + line(216000, 5, true).slice(0, 20));
    expect(got).toHaveLength(0);
    cutter.pushText(line(216000, 5, true).slice(20) + line(216750, 7, false));
    expect(got.map((p) => p.pts)).toEqual([216000n]);
    cutter.pushBytes(Buffer.concat([b.subarray(2), c]));
    cutter.pushText(line(218250, 3, false));
    expect(got.map((p) => [p.pts, p.size, p.key, p.bytes[0]])).toEqual([
      [216000n, 5, true, 1],
      [216750n, 7, false, 2],
      [218250n, 3, false, 3],
    ]);
    expect([...(got[1]?.bytes ?? [])]).toEqual([...b]);
    expect(cutter.header).toEqual({ timeBase: { num: 1n, den: 90000n }, codec: 'h264', width: 1280, height: 720 });
    expect(cutter.pendingBytes).toBe(0);
  });

  it('reads the timestamp of each decoded live crop from showinfo', () => {
    expect(parseShowinfoFrame('[Parsed_showinfo_3 @ 0x562ca897ce40] n:   2 pts: 217500 pts_time:2.41667 pos:  1110516 fmt:rgb24 sar:1/1 s:1x720 i:P iskey:0 type:P')).toEqual({ n: 2, pts: 217500n });
    expect(parseShowinfoFrame('[Parsed_showinfo_3 @ 0x1] config in time_base: 1/90000, frame_rate: 120/1')).toBeNull();
  });

  it('keeps a multipart frame\'s JPEG bytes only (the MIME text around it is not the picture)', () => {
    const jpeg = [0xff, 0xd8, 1, 2, 0xff, 0xd9];
    const around = Uint8Array.from([...Buffer.from('--ffmpeg\r\nContent-type: image/jpeg\r\n\r\n'), ...jpeg, 13, 10]);
    expect([...jpegOnly(around)]).toEqual(jpeg);
    const exact = Uint8Array.from(jpeg);
    expect(jpegOnly(exact)).toBe(exact);
  });
});

describe('the ffmpeg command line', () => {
  it('copies the stream untouched with its own time base, and decodes only the line', () => {
    const args = captureArgs({ input: 'udp://127.0.0.1:5000' }, { left: 321, top: 0, width: 1, height: 0 }, true, { passthrough: ['-fps_mode', 'passthrough'], showinfo: 'showinfo=checksum=0' });
    const text = args.join(' ');
    expect(text).toContain('-copyts -i udp://127.0.0.1:5000?buffer_size=16777216&fifo_size=262144&overrun_nonfatal=1');
    expect(text).toContain('-c:v copy -copytb 1');
    expect(text).toContain('crop=2:ih:320:0,format=rgb24,crop=1:ih:1:0,showinfo=checksum=0');
    expect(args).not.toContain('-c:v libx264');
  });

  it('times MJPEG over HTTP on arrival (in µs), a device by its own clock in MJPEG mode', () => {
    expect(clockOf({ input: 'http://cam/video.mjpg' })).toBe('arrival');
    expect(inputArgs({ input: 'http://cam/video.mjpg' })).toEqual(expect.arrayContaining(['-use_wallclock_as_timestamps', '1', '-framerate', '1000000']));
    expect(clockOf({ input: 'rtsp://cam/stream' })).toBe('stream');
    expect(inputArgs({ input: 'rtsp://cam/stream' })).toEqual(expect.arrayContaining(['-rtsp_transport', 'tcp']));
    expect(inputArgs({ input: '/dev/video0', format: 'v4l2', size: { width: 1280, height: 720 }, rate: 120 }).join(' ')).toBe('-f v4l2 -video_size 1280x720 -framerate 120 -input_format mjpeg -thread_queue_size 512 -copyts -i /dev/video0');
    expect(inputArgs({ input: 'USB Camera', format: 'dshow' }).slice(-1)).toEqual(['video=USB Camera']);
  });
});

describe('a killed H.264 recording', () => {
  it('is cut back to its last timed packet, the untimed bytes set aside, a torn line dropped', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pf-recover-stream-'));
    try {
      await writeFile(path.join(dir, 'stream.h264'), Buffer.alloc(150, 7));
      await writeFile(path.join(dir, 'timestamps.csv'), 'frame,time_s,capture_us,pts,end_byte\n0,0,3400000,306000,60\n1,0.008333333,3408333,306750,100\n2,0.0166');
      const r = await recoverStream(dir, 'h264');
      expect(r).toEqual({ frames: 2, untimedBytes: 50, tornLine: true });
      expect((await stat(path.join(dir, 'stream.h264'))).size).toBe(100);
      expect((await readFile(path.join(dir, 'timestamps.csv'), 'utf8')).endsWith('306750,100\n')).toBe(true);
      expect(await readdir(dir)).toContain('.unlisted-tail-100.h264');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
