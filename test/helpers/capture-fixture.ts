/** A capture record for writer tests: a small camera, the line at column 7, the race folder beside the frames. */
import path from 'node:path';
import { CAPTURE_SCHEMA, type CaptureRecord } from '../../app/domain/capture/capture-folder.js';

export const CAPTURE_TEST_CAMERA = { width: 16, height: 10 };

export function captureRecordFor(folder: string, overrides: Partial<CaptureRecord['build']> = {}): CaptureRecord {
  return {
    schema: CAPTURE_SCHEMA,
    schemaVersion: 1,
    startedAt: '2026-05-01T10:00:00.000Z',
    camera: { label: 'Test camera', ...CAPTURE_TEST_CAMERA, frameRate: 120 },
    build: { out: path.join(path.dirname(folder), 'race'), name: 'Heat 1', sport: 'athletics', line: { kind: 'column', x: 7 }, travel: 'right-to-left', ...overrides },
    markers: [],
  };
}
