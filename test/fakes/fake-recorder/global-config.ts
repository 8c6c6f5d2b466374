import { readFileSync } from 'node:fs';

/**
 * A recognisable fake bilibili login cookie: the fake's `optionalCookie`, so that tests can prove
 * a client never logs, stores, shows or sends it back (docs/recorder.md, "Global settings").
 */
export const FAKE_COOKIE = 'SESSDATA=fake-sessdata-5e1f0c7a9b; bili_jct=fake-csrf-3d82c4e6';

/** One setting of the recorder's GlobalConfigDto: an `Optional<T>` as Newtonsoft writes it. */
export interface OptionalSetting {
  hasValue: boolean;
  value: unknown;
}

// The GlobalConfigDto's fields in the recorder's order, with its values (Config.gen.cs); the
// fixture is the one source of the shape.
const TEMPLATE = JSON.parse(
  readFileSync(
    new URL('../../fixtures/recorder/synthesized/rest-GET-api-config-global.json', import.meta.url),
    'utf8',
  ),
) as Record<string, OptionalSetting>;

// The recorder's defaults (DefaultConfig) of the fields the fixture sets; `hasValue: false` in a
// POST brings a field back to its default. Every other field of the fixture holds its default.
const DEFAULTS: Record<string, unknown> = {
  optionalRecordDanmaku: false,
  optionalWebHookUrls: '',
  optionalWebHookUrlsV2: '',
  optionalCookie: '',
};

/** What the fake's global settings start with. */
export interface GlobalConfigSeed {
  /** The V2 webhook list (also the URLs the fake sends its events to). */
  webhookUrlsV2?: readonly string[];
  /** The V1 list, as one string (the fake sends nothing to it). */
  webhookUrlsV1?: string;
  /** The login cookie (default FAKE_COOKIE). */
  cookie?: string;
}

/** The URLs of a webhook list, split as BasicWebhookV2 splits it: on \r and \n, trimmed, no blanks. */
export function splitWebhookList(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return text
    .split(/[\r\n]+/)
    .map((url) => url.trim())
    .filter((url) => url !== '');
}

/**
 * The fake recorder's global settings (`GET|POST /api/config/global`, ConfigController): the
 * GlobalConfigDto of the fixture, with a fake login cookie; a POST changes only the fields
 * present and not null (SetGlobalConfig.ApplyTo).
 */
export class FakeGlobalConfig {
  readonly #fields = new Map<string, OptionalSetting>();
  readonly #onWebhooksV2: (urls: string[]) => void;
  /** How many times a POST saved the settings (the recorder writes its config file each time). */
  saves = 0;
  /** How many times `GET /api/config/global` read them. */
  reads = 0;

  constructor(seed: GlobalConfigSeed = {}, onWebhooksV2: (urls: string[]) => void = () => {}) {
    for (const [name, setting] of Object.entries(TEMPLATE)) {
      const fallback = name in DEFAULTS ? DEFAULTS[name] : setting.value;
      this.#fields.set(name, {
        hasValue: name in DEFAULTS ? false : setting.hasValue,
        value: fallback,
      });
    }
    this.#onWebhooksV2 = onWebhooksV2;
    const v2 = seed.webhookUrlsV2 ?? [];
    if (v2.length > 0) this.#set('optionalWebHookUrlsV2', v2.join('\n'));
    if (seed.webhookUrlsV1) this.#set('optionalWebHookUrls', seed.webhookUrlsV1);
    this.#set('optionalCookie', seed.cookie ?? FAKE_COOKIE);
    this.#set('optionalRecordDanmaku', true);
  }

  /** The GlobalConfigDto as `GET /api/config/global` answers it. */
  dto(): Record<string, OptionalSetting> {
    return Object.fromEntries([...this.#fields].map(([name, s]) => [name, { ...s }]));
  }

  /** A field's value (`optionalWebHookUrlsV2` …). */
  value(name: string): unknown {
    return this.#fields.get(name)?.value;
  }

  /** The V2 webhook URLs in force. */
  webhookUrlsV2(): string[] {
    return splitWebhookList(this.value('optionalWebHookUrlsV2'));
  }

  /** Appends a V2 URL, as a user typing it into the recorder's settings would. */
  addWebhookV2(url: string): void {
    this.#set('optionalWebHookUrlsV2', [...this.webhookUrlsV2(), url].join('\n'));
    this.#onWebhooksV2(this.webhookUrlsV2());
  }

  /**
   * Applies a SetGlobalConfig body: fields absent or null are left alone, unknown fields ignored;
   * a field that is not `{hasValue, value}` of the field's type is a model error (nothing changes).
   */
  apply(
    body: Record<string, unknown>,
  ): { ok: true } | { ok: false; errors: Record<string, string[]> } {
    const changes: [string, OptionalSetting][] = [];
    const errors: Record<string, string[]> = {};
    for (const [name, raw] of Object.entries(body)) {
      const current = this.#fields.get(name);
      if (!current || raw === null || raw === undefined) continue;
      const setting = readSetting(raw, current.value);
      if (setting) changes.push([name, setting]);
      else errors[`$.${name}`] = [`The JSON value could not be converted to Optional.`];
    }
    if (Object.keys(errors).length > 0) return { ok: false, errors };
    for (const [name, setting] of changes) {
      this.#fields.set(
        name,
        setting.hasValue ? setting : { hasValue: false, value: DEFAULTS[name] ?? setting.value },
      );
    }
    this.saves++;
    if (changes.some(([name]) => name === 'optionalWebHookUrlsV2'))
      this.#onWebhooksV2(this.webhookUrlsV2());
    return { ok: true };
  }

  #set(name: string, value: unknown): void {
    this.#fields.set(name, { hasValue: true, value });
  }
}

// `{hasValue, value}` with a value of the field's own type (strings may be null), or undefined.
function readSetting(raw: unknown, like: unknown): OptionalSetting | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const record = raw as Record<string, unknown>;
  const hasValue = record.hasValue ?? false;
  if (typeof hasValue !== 'boolean') return undefined;
  const value = record.value ?? (typeof like === 'string' ? null : like);
  const fits = typeof value === typeof like || (typeof like === 'string' && value === null);
  return fits ? { hasValue, value } : undefined;
}
