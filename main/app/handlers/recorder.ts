import type { CallResponse, ContractHandlers } from '../../../shared/ipc-contract';
import { unknownRecorderText } from '../../../shared/i18n/room-commands';
import {
  recorderOffMessage,
  recorderStatusMessage,
} from '../../../shared/recorder/connection-status';
import { firstRecorder, hasRecorderApi, recorderById } from '../../../shared/recorders';
import type { RecorderSetting } from '../../../shared/settings';
import { pollsRecorderApi } from '../../../shared/recorder-kind';
import { checkOtherKind } from '../../features/recorder-kinds/app/kind-check';
import {
  connectRecorder,
  webhooksPointHere,
  type RecorderLogin,
} from '../../adapters/recorder-global-config';
import { failureMessage } from '../../adapters/recorder-client';
import { linkTargetUrl, roomPageUrlIn } from '../../core/links';
import { refused, type HandlerDeps } from './handler-deps';

/** The recorders: a connection check, connecting one, links to their pages, the test event. */
export function recorderHandlers(
  deps: HandlerDeps,
): Pick<ContractHandlers, 'recorder:check' | 'recorder:connect' | 'link:open' | 'test:sendEvent'> {
  /** The recorder a call names; none named: the first. */
  const named = (recorderId: string | undefined): RecorderSetting | undefined =>
    recorderId === undefined
      ? firstRecorder(deps.settings())
      : recorderById(deps.settings(), recorderId);
  return {
    'recorder:check': async (request) => {
      const recorderId = request?.recorderId;
      const recorder = named(recorderId);
      if (!recorder) {
        const message = unknownRecorderText(recorderId ?? '', deps.language());
        return { status: 'off', message, version: null, webhooks: 'unknown' };
      }
      return checkRecorder(deps, recorder);
    },
    'recorder:connect': async ({ recorderId }) => {
      const recorder = named(recorderId);
      if (!recorder) {
        const message = unknownRecorderText(recorderId, deps.language());
        return { ok: false, message, webhooks: 'unknown' };
      }
      const result = await connectRecorder(
        deps.links.get(recorder.id)?.client() ?? loginOf(recorder),
        {
          webhookUrl: deps.listener.webhookUrl(recorder.id),
          listenerHost: deps.settings().listener.host,
        },
        deps.language(),
      );
      deps.links.get(recorder.id)?.noteWebhooks(result.webhooks);
      deps.stateChanged();
      return result;
    },
    'link:open': async (target) => {
      const recorderId = target.kind === 'liveRoom' ? undefined : target.recorderId;
      const url =
        target.kind === 'liveRoom'
          ? roomPageUrlIn(deps.state().rooms, target.roomId)
          : linkTargetUrl(target, named(recorderId)?.url ?? '');
      if (!url) return refused(deps, 'noRecorderUrl');
      return (await deps.shellActions.openUrl(url)) ? { ok: true } : refused(deps, 'linkFailed');
    },
    'test:sendEvent': ({ kind }) => deps.listener.sendTestEvent(kind),
  };
}

function loginOf(recorder: RecorderSetting): RecorderLogin {
  return { baseUrl: recorder.url.trim(), username: recorder.username, password: recorder.password };
}

// The version answers whether the API is there; the global settings whether its webhooks point here.
async function checkRecorder(
  deps: HandlerDeps,
  recorder: RecorderSetting,
): Promise<CallResponse<'recorder:check'>> {
  const language = deps.language();
  const url = recorder.url;
  if (!pollsRecorderApi(recorder.kind)) return checkOtherKind(recorder, language);
  // The recorder's one client (its link's): a recorder with an API has one.
  const client = hasRecorderApi(recorder) ? deps.links.get(recorder.id)?.client() : undefined;
  if (!client) {
    const message = recorderOffMessage(false, language);
    return { status: 'off', message, version: null, webhooks: 'unknown' };
  }
  const version = await client.getVersion();
  if (!version.ok) {
    return {
      status: version.status,
      message: failureMessage(version, url, language),
      version: null,
      webhooks: 'unknown',
    };
  }
  deps.pollNow();
  const full = version.value.fullSemVer;
  const webhooks = await webhooksPointHere(client, deps.listener.webhookUrl(recorder.id));
  deps.links.get(recorder.id)?.noteWebhooks(webhooks);
  deps.stateChanged();
  return {
    status: 'ok',
    message: recorderStatusMessage('ok', language, { url, version: full }),
    version: full,
    webhooks,
  };
}
