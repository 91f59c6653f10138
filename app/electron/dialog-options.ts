/**
 * Which native open dialog each `pickPath` purpose shows: files or a folder, and the file types offered. Plain data,
 * so it is tested without Electron.
 */
import type { OpenDialogOptions } from 'electron';

export type PickPurpose = 'frames' | 'video' | 'linescan' | 'race' | 'start-list' | 'timestamps' | 'export-folder' | 'audio';

const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'tif', 'tiff', 'bmp', 'webp'];
const VIDEO_EXTENSIONS = ['mp4', 'mov', 'mkv', 'avi', 'webm', 'm4v', 'mts', 'gif'];

export function dialogOptionsFor(purpose: string, title?: string): OpenDialogOptions {
  const base = (defaultTitle: string): OpenDialogOptions => ({ title: title ?? defaultTitle });
  switch (purpose as PickPurpose) {
    case 'frames':
      return { ...base('Open a folder of frames'), properties: ['openDirectory'] };
    case 'video':
      return { ...base('Open finish-line video'), properties: ['openFile'], filters: [{ name: 'Video', extensions: VIDEO_EXTENSIONS }, allFiles()] };
    case 'linescan':
      return { ...base('Open line-scan image'), properties: ['openFile'], filters: [{ name: 'Images', extensions: IMAGE_EXTENSIONS }, allFiles()] };
    case 'race':
      return { ...base('Open race folder'), properties: ['openDirectory'] };
    case 'start-list':
      return {
        ...base('Import start list'),
        properties: ['openFile'],
        filters: [{ name: 'Start lists', extensions: ['evt', 'ppl', 'csv', 'txt'] }, allFiles()],
      };
    case 'timestamps':
      return { ...base('Open timestamps file'), properties: ['openFile'], filters: [{ name: 'Timestamps', extensions: ['txt', 'csv'] }, allFiles()] };
    case 'audio':
      return {
        ...base('Open the sound recorded with the footage'),
        properties: ['openFile'],
        filters: [{ name: 'Sound', extensions: ['wav', 'flac', 'mp3', 'm4a', 'aac', 'ogg', ...VIDEO_EXTENSIONS] }, allFiles()],
      };
    case 'export-folder':
      return { ...base('Choose export folder'), properties: ['openDirectory', 'createDirectory'] };
    default:
      return { ...base('Open'), properties: ['openFile'] };
  }
}

function allFiles() {
  return { name: 'All files', extensions: ['*'] };
}
