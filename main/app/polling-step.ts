import type { CoreWiring } from './app-core';
import {
  recorderStatusMessage,
  type RecorderStatus,
  type RecorderStatusContext,
} from '../../shared/recorder/connection-status';
import { RecorderPolling } from '../adapters/recorder-polling';
import type { EventPipeline } from '../core/event-pipeline';
import type { SetupNotice } from '../core/recorder-sync';
import type { Observers } from './observers';

/** What polling is wired to. */
export interface PollingWiring extends CoreWiring {
  pipeline: EventPipeline;
  observers: Observers;
  webhookUrl: () => string;
  /** The recorder's connection state changed, with a message in the user's language. */
  statusChanged: (status: RecorderStatus, message: string, context: RecorderStatusContext) => void;
  notice: (notice: SetupNotice) => void;
}

/** Builds the poller of the recorder's REST API; its good polls also go to the observers. */
export function buildPolling(wiring: PollingWiring): RecorderPolling {
  return new RecorderPolling({
    pipeline: wiring.pipeline,
    clock: wiring.clock,
    appSettings: wiring.settings,
    settings: () => {
      const { rooms, unreachableNotifyAfterMinutes } = wiring.settings().recorder;
      return {
        rooms,
        unreachableNotifyAfterMinutes,
        language: wiring.language(),
        webhookUrl: wiring.webhookUrl(),
      };
    },
    statusChanged: (status, failure) => {
      const context = { url: wiring.settings().recorder.url, ...(failure ?? {}) };
      wiring.statusChanged(
        status,
        recorderStatusMessage(status, wiring.language(), context),
        context,
      );
    },
    notice: wiring.notice,
    polled: (rooms, at) => wiring.observers.notify('polled', rooms, at),
    log: wiring.log,
  });
}
