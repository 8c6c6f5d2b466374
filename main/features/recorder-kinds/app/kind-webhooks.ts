import type { RecorderProblem } from '../../../../shared/problem';
import { recorderById } from '../../../../shared/recorders';
import type { Settings } from '../../../../shared/settings';
import type { KindTranslation } from '../../../adapters/webhook-listener/listener-types';
import type { EventPipeline } from '../../../core/event-pipeline';
import type { Logger } from '../../../core/ports';
import { kindTranslator } from '../adapters/kind-translator';

/**
 * The listener's reading of other kinds' webhooks, wired to the settings in force (each
 * recorder's kind and recording root) and to the rooms the pipeline knows (the names an event
 * leaves out).
 */
export function kindWebhooks(wiring: {
  settings: () => Settings;
  pipeline: Pick<EventPipeline, 'stateOf'>;
  clock: () => number;
  log: Logger;
  /** The recorder's own problem (its disk, an error, its login), for the guardian's alerts. */
  problem?: (recorderId: string, problem: RecorderProblem) => void;
}): (recorderId: string, body: unknown) => Promise<KindTranslation> | undefined {
  const translate = kindTranslator({
    recorder: (recorderId) => recorderById(wiring.settings(), recorderId),
    knownRoom: (recorderId, roomId) => {
      const room = wiring.pipeline.stateOf(recorderId).rooms.get(roomId);
      if (!room) return undefined;
      return {
        name: room.name,
        title: room.title,
        shortId: room.shortId,
        areaParent: room.areaNameParent,
        areaChild: room.areaNameChild,
      };
    },
    clock: wiring.clock,
    log: wiring.log,
    onProblem: (recorderId, { problem, roomId, facts }) =>
      wiring.problem?.(recorderId, {
        warning: problem,
        ...(roomId !== undefined ? { roomId } : {}),
        ...(facts ? { facts } : {}),
      }),
  });
  // BililiveRecorder's own webhooks (nearly all of them) skip the translator's module altogether
  // (the listener checks first, main/app/listener.ts, so that this file does not run for them).
  return (recorderId, body) =>
    recorderById(wiring.settings(), recorderId)?.kind === 'bililive-recorder'
      ? undefined
      : translate(recorderId, body);
}
