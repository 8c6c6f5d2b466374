import * as z from 'zod';

// `Optional<string?>` as the recorder writes it: `{"hasValue": bool, "value": string|null}`;
// `hasValue: false` means the recorder's default (an empty list) is in force.
const OptionalText = z
  .object({ hasValue: z.boolean(), value: z.string().nullable() })
  .transform((o) => (o.hasValue ? (o.value ?? '') : ''));

/**
 * The two webhook lists of `GET /api/config/global` (GlobalConfigDto), and nothing else. The
 * same answer carries the user's bilibili login cookie (`optionalCookie`): a plain `z.object`
 * drops every field it does not name, so the cookie never leaves the parse.
 */
export const GlobalWebhookLists = z
  .object({ optionalWebHookUrls: OptionalText, optionalWebHookUrlsV2: OptionalText })
  .transform((o) => ({ v1: o.optionalWebHookUrls, v2: o.optionalWebHookUrlsV2 }));
/** The webhook lists of the recorder's global settings: V1 and V2, each one newline-separated string. */
export type GlobalWebhookLists = z.output<typeof GlobalWebhookLists>;

/**
 * Whether a recorder's webhooks point at this app: its V2 list holds this app's URL (`set`) or
 * not (`not set`); `unknown` where the app cannot read it (the desktop edition has no API, no
 * recorder URL, or the recorder did not answer).
 */
export const WebhooksPointHere = z.enum(['set', 'not set', 'unknown']);
/** Whether a recorder's webhooks point at this app. */
export type WebhooksPointHere = z.infer<typeof WebhooksPointHere>;
