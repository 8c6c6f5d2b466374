import type { ContractHandlers } from '../../../shared/ipc-contract';
import {
  recorderOffMessage,
  recorderStatusMessage,
} from '../../../shared/recorder/connection-status';
import { RecorderClient } from '../../adapters/recorder-client';
import { linkTargetUrl } from '../../core/links';
import { refused, type HandlerDeps } from './handler-deps';

/** The recorder: its connection check, links to its pages, and the app's own test event. */
export function recorderHandlers(
  deps: HandlerDeps,
): Pick<ContractHandlers, 'recorder:check' | 'link:open' | 'test:sendEvent'> {
  return {
    'recorder:check': async () => {
      const s = deps.settings().recorder;
      const language = deps.language();
      if (!s.url.trim()) {
        return { status: 'off', message: recorderOffMessage(false, language), version: null };
      }
      const client = new RecorderClient({
        baseUrl: s.url.trim(),
        username: s.username,
        password: s.password,
      });
      const version = await client.getVersion();
      if (!version.ok) {
        return {
          status: version.status,
          message: recorderStatusMessage(version.status, language, { url: s.url, ...version }),
          version: null,
        };
      }
      deps.pollNow();
      const full = version.value.fullSemVer;
      return {
        status: 'ok',
        message: recorderStatusMessage('ok', language, { url: s.url, version: full }),
        version: full,
      };
    },
    'link:open': async (target) => {
      const url = linkTargetUrl(target, deps.settings().recorder.url);
      if (!url) return refused(deps, 'noRecorderUrl');
      return (await deps.actions.openUrl(url)) ? { ok: true } : refused(deps, 'linkFailed');
    },
    'test:sendEvent': ({ kind }) => deps.listener.sendTestEvent(kind),
  };
}
