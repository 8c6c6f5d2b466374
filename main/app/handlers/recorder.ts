import type { CallResponse, ContractHandlers } from '../../../shared/ipc-contract';
import {
  recorderOffMessage,
  recorderStatusMessage,
} from '../../../shared/recorder/connection-status';
import type { Settings } from '../../../shared/settings';
import { RecorderClient } from '../../adapters/recorder-client';
import {
  connectRecorder,
  webhooksPointHere,
  type RecorderLogin,
} from '../../adapters/recorder-global-config';
import { linkTargetUrl } from '../../core/links';
import { refused, type HandlerDeps } from './handler-deps';

/** The recorder: its connection check, connecting it, links to its pages, the app's test event. */
export function recorderHandlers(
  deps: HandlerDeps,
): Pick<ContractHandlers, 'recorder:check' | 'recorder:connect' | 'link:open' | 'test:sendEvent'> {
  return {
    'recorder:check': () => checkRecorder(deps),
    // For now the one recorder of the settings; `recorderId` names one once there are several.
    'recorder:connect': () => {
      const s = deps.settings();
      return connectRecorder(
        loginOf(s.recorder),
        { webhookUrl: deps.listener.webhookUrl(), listenerHost: s.listener.host },
        deps.language(),
      );
    },
    'link:open': async (target) => {
      const url = linkTargetUrl(target, deps.settings().recorder.url);
      if (!url) return refused(deps, 'noRecorderUrl');
      return (await deps.actions.openUrl(url)) ? { ok: true } : refused(deps, 'linkFailed');
    },
    'test:sendEvent': ({ kind }) => deps.listener.sendTestEvent(kind),
  };
}

function loginOf(recorder: Settings['recorder']): RecorderLogin {
  return { baseUrl: recorder.url.trim(), username: recorder.username, password: recorder.password };
}

// The version answers whether the API is there; the global settings whether its webhooks point here.
async function checkRecorder(deps: HandlerDeps): Promise<CallResponse<'recorder:check'>> {
  const s = deps.settings().recorder;
  const language = deps.language();
  if (!s.url.trim()) {
    const message = recorderOffMessage(false, language);
    return { status: 'off', message, version: null, webhooks: 'unknown' };
  }
  const version = await new RecorderClient(loginOf(s)).getVersion();
  if (!version.ok) {
    return {
      status: version.status,
      message: recorderStatusMessage(version.status, language, { url: s.url, ...version }),
      version: null,
      webhooks: 'unknown',
    };
  }
  deps.pollNow();
  const full = version.value.fullSemVer;
  return {
    status: 'ok',
    message: recorderStatusMessage('ok', language, { url: s.url, version: full }),
    version: full,
    webhooks: await webhooksPointHere(loginOf(s), deps.listener.webhookUrl()),
  };
}
