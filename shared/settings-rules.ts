import { applySettingsPatch, type SettingsPatch, type SettingsPatchResult } from './settings-patch';
import type { Language, Settings } from './settings';

/** A setting that would break the app, with the field it belongs to, in both languages. */
export interface SettingsProblem {
  /** The field's path as the schema names it, e.g. `listener.token`. */
  path: string;
  zh: string;
  en: string;
}

const LOOPBACK_NAMES = new Set(['localhost', '::1', '[::1]', '0:0:0:0:0:0:0:1']);

/** Whether a listener host only accepts connections from this computer (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase();
  return LOOPBACK_NAMES.has(name) || /^127(\.\d{1,3}){3}$/.test(name);
}

/**
 * A recorder address as typed, made usable: trimmed, `http://` added when no scheme was typed
 * (`127.0.0.1:2356` is otherwise read as scheme `127.0.0.1` and reported as "not a recorder").
 * An empty address stays empty: webhooks only.
 */
export function normaliseRecorderUrl(url: string): string {
  const trimmed = url.trim();
  if (trimmed === '') return '';
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
}

/** The patch with each recorder's URL normalised (the only field the rules rewrite). */
export function normaliseSettingsPatch(patch: SettingsPatch): SettingsPatch {
  const recorders = patch.recorders;
  if (!Array.isArray(recorders)) return patch;
  return {
    ...patch,
    recorders: recorders.map((recorder) =>
      typeof recorder?.url === 'string'
        ? { ...recorder, url: normaliseRecorderUrl(recorder.url) }
        : recorder,
    ),
  };
}

function recorderUrlProblem(url: string, index: number): SettingsProblem | null {
  const path = `recorders[${index}].url`;
  if (url === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return {
      path,
      zh: '这不是有效的网址，例如 http://127.0.0.1:2356',
      en: 'Not a valid address; for example http://127.0.0.1:2356',
    };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return {
      path,
      zh: '录播姬地址须以 http:// 或 https:// 开头',
      en: 'The recorder address must start with http:// or https://',
    };
  }
  return null;
}

/** The fields the rules read. */
export interface RuledSettings {
  listener: { host: string; token: string };
  recorders: readonly { url: string }[];
}

/**
 * Every problem of whole settings that the schema alone cannot see, in one pass: a listener open
 * to the network without a token (the listener refuses to bind it, and webhooks are lost), and a
 * recorder address that is not an http(s) URL.
 */
export function settingsProblems(settings: RuledSettings): SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  const { host, token } = settings.listener;
  if (!isLoopbackHost(host) && token === '') {
    problems.push({
      path: 'listener.token',
      zh: `监听地址 ${host} 允许其他电脑连接，必须设置令牌（可点“生成令牌”）`,
      en: `Host ${host} accepts other computers: a token is required (use "Generate token")`,
    });
  }
  settings.recorders.forEach((recorder, index) => {
    const url = recorderUrlProblem(recorder.url, index);
    if (url !== null) problems.push(url);
  });
  return problems;
}

/** Problems as the contract's `path: message` errors, in one language. */
export function problemErrors(problems: readonly SettingsProblem[], language: Language): string[] {
  return problems.map((p) => `${p.path}: ${language === 'zh-CN' ? p.zh : p.en}`);
}

/**
 * Settings `current` with `patch` applied, normalised and checked: the settings to save, or every
 * reason not to (schema errors and rule problems together, so the user sees all of them at once).
 * `settings:update` saves only on ok.
 */
export function checkSettingsUpdate(
  current: Settings,
  patch: SettingsPatch,
  language: Language,
): SettingsPatchResult {
  const normalised = normaliseSettingsPatch(patch);
  const applied = applySettingsPatch(current, normalised);
  // The rules read the values as patched even when the schema refused another field: every
  // error comes in this one answer, not in a second round after the first is fixed.
  const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
  const ruled = applied.ok
    ? applied.settings
    : {
        listener: {
          host: text(normalised.listener?.host, current.listener.host),
          token: text(normalised.listener?.token, current.listener.token),
        },
        recorders: Array.isArray(normalised.recorders)
          ? normalised.recorders.map((r) => ({ url: text(r?.url, '') }))
          : current.recorders,
      };
  const errors = [
    ...(applied.ok ? [] : applied.errors),
    ...problemErrors(settingsProblems(ruled), language),
  ];
  if (errors.length > 0 || !applied.ok) return { ok: false, errors };
  return applied;
}

/** A random listener token: 24 URL-safe characters (letters and digits only). */
export function generateToken(random: (bytes: Uint8Array) => Uint8Array): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = random(new Uint8Array(24));
  let token = '';
  for (const byte of bytes) token += alphabet[byte % alphabet.length];
  return token;
}
