import type { CallResponse } from '../../../../shared/ipc-contract';
import {
  kindCheckedText,
  kindCommandFailureText,
  webhooksOnlyText,
} from '../../../../shared/i18n/kind-text';
import type { Language, RecorderSetting } from '../../../../shared/settings';
import { kindInfo } from '../adapters/kind-info';
import { streamedKindOf } from './kind-connection';

/**
 * The connection check of Settings → Recorders for a recorder of another kind: what its API can
 * say (blrec's and bililive-go's version, or why not), or that it only sends webhooks (DDTV,
 * biliLive-tools, or a blrec with no address). Whether its webhooks point here is not asked.
 */
export async function checkOtherKind(
  recorder: RecorderSetting,
  language: Language,
): Promise<CallResponse<'recorder:check'>> {
  const streamed = streamedKindOf(recorder);
  if (!streamed || recorder.url.trim() === '')
    return {
      status: 'off',
      message: webhooksOnlyText(recorder.kind, language),
      version: null,
      webhooks: 'unknown',
    };
  const info = await kindInfo(recorder);
  if (info.ok)
    return {
      status: 'ok',
      message: kindCheckedText(streamed, info.version, language),
      version: info.version,
      webhooks: 'unknown',
    };
  const { failure } = info;
  const status =
    failure.reason === 'notIt'
      ? 'not-a-recorder'
      : failure.reason === 'http' && (failure.status === 401 || failure.status === 403)
        ? 'unauthorized'
        : failure.reason === 'http'
          ? 'server-error'
          : 'unreachable';
  const message = kindCommandFailureText(recorder.kind, failure, language);
  return { status, message, version: null, webhooks: 'unknown' };
}
