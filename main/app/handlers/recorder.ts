import type { ContractHandlers } from '../../../shared/ipc-contract';
import {
  recorderOffMessage,
  recorderStatusMessage,
} from '../../../shared/recorder/connection-status';
import { firstRecorder, hasRecorderApi, recorderById } from '../../../shared/recorders';
import type { RecorderSetting } from '../../../shared/settings';
import { linkTargetUrl } from '../../core/links';
import { refused, type HandlerDeps } from './handler-deps';

/** The recorders: a connection check, links to their pages, and the app's own test event. */
export function recorderHandlers(
  deps: HandlerDeps,
): Pick<ContractHandlers, 'recorder:check' | 'link:open' | 'test:sendEvent'> {
  /** The recorder a call names; none named: the first. */
  const named = (recorderId: string | undefined): RecorderSetting | undefined =>
    recorderId === undefined
      ? firstRecorder(deps.settings())
      : recorderById(deps.settings(), recorderId);
  return {
    'recorder:check': async (request) => {
      const language = deps.language();
      const recorder = named(request?.recorderId);
      if (!recorder)
        return { status: 'off', message: refused(deps, 'recorderGone').message!, version: null };
      const client = deps.links.get(recorder.id)?.client();
      if (!client || !hasRecorderApi(recorder)) {
        return { status: 'off', message: recorderOffMessage(false, language), version: null };
      }
      const url = recorder.url;
      const version = await client.getVersion();
      if (!version.ok) {
        return {
          status: version.status,
          message: recorderStatusMessage(version.status, language, { url, ...version }),
          version: null,
        };
      }
      deps.pollNow();
      const full = version.value.fullSemVer;
      return {
        status: 'ok',
        message: recorderStatusMessage('ok', language, { url, version: full }),
        version: full,
      };
    },
    'link:open': async (target) => {
      const recorderId = target.kind === 'liveRoom' ? undefined : target.recorderId;
      const url = linkTargetUrl(target, named(recorderId)?.url ?? '');
      if (!url) return refused(deps, 'noRecorderUrl');
      return (await deps.actions.openUrl(url)) ? { ok: true } : refused(deps, 'linkFailed');
    },
    'test:sendEvent': ({ kind }) => deps.listener.sendTestEvent(kind),
  };
}
