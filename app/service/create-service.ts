/**
 * Assembles the one service object that implements the whole API from its areas. Every face (Electron IPC,
 * HTTP bridge, CLI) gets this object and calls it only through `dispatchCall`.
 */
import { log } from '../runtime/log.js';
import type { PhotofinishService } from '../api/contract.js';
import type { ApiEventListener } from '../api/events.js';
import { createAppService } from './app-service.js';
import { createBuildService } from './build-service.js';
import { createAdjudicationService } from './adjudication-service.js';
import { createExportService } from './export-service.js';
import { createDetectionService } from './detection-service.js';
import { createRecordService } from './record-service.js';
import { createStartService } from './start-service.js';
import { createCaptureService } from './capture-service.js';
import { createMeetService } from './meet-service.js';
import type { AppStartup, DesktopFiles, NativeDialogs, ServiceContext } from './context.js';
import { RaceRegistry } from './race-registry.js';
import type { SecretSealer } from '../security/secret-sealer.js';

export interface ServiceOptions {
  shell: ServiceContext['shell'];
  dataDir: string;
  dialogs?: NativeDialogs | null;
  desktop?: DesktopFiles | null;
  sealer?: SecretSealer | null;
  startup?: AppStartup;
}

export interface RunningService {
  service: PhotofinishService;
  context: ServiceContext;
  /** Subscribe to pushed events; returns the unsubscribe function. */
  subscribe(listener: ApiEventListener): () => void;
}

export function createService(options: ServiceOptions): RunningService {
  const listeners = new Set<ApiEventListener>();
  const context: ServiceContext = {
    shell: options.shell,
    dataDir: options.dataDir,
    dialogs: options.dialogs ?? null,
    desktop: options.desktop ?? null,
    sealer: options.sealer ?? null,
    races: new RaceRegistry(),
    startup: options.startup ?? null,
    emit(event) {
      for (const l of listeners) {
        try {
          l(event);
        } catch (err) {
          // A failing listener (a closed window, a dropped SSE stream) must not stop the others; the log keeps it.
          log().warn({ err, event: event.type }, 'an event listener failed');
        }
      }
    },
  };
  const build = createBuildService(context);
  const service: PhotofinishService = {
    ...createAppService(context),
    ...build,
    ...createAdjudicationService(context),
    ...createExportService(context),
    ...createDetectionService(context),
    ...createRecordService(context),
    ...createStartService(context),
    ...createCaptureService(context, build),
    ...createMeetService(context),
  };
  return {
    service,
    context,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
