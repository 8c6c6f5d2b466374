/** How bilibili's live API answered a request, as far as back-off cares. */
export interface ApiAnswer {
  /** The HTTP status; undefined when no answer came (network down, timeout). */
  status?: number;
  /** The JSON answer's `code`, when it had one. */
  code?: number;
}

/** The back-off state: refusals in a row and the time before which no request is made. */
export interface BackOffState {
  refusals: number;
  until: number;
}

/** The first wait after a refusal; each refusal in a row doubles it, up to the cap. */
export const BACK_OFF_FIRST_MS = 5 * 60_000;
/** The longest wait between tries after refusals. */
export const BACK_OFF_MAX_MS = 6 * 3_600_000;
/** After a failure that is not a refusal (no network, a 5xx): one try per this long. */
export const FAILURE_RETRY_MS = 10 * 60_000;

/** No refusal yet: requests may go. */
export const NO_BACK_OFF: BackOffState = { refusals: 0, until: 0 };

/**
 * Whether bilibili refused the request for being a robot or too many: HTTP 412 (its WAF) or 429,
 * or the JSON codes -352 (risk control) and -412 (request intercepted). Each is answered by
 * waiting longer, never by retrying at once.
 */
export function isRefusal(answer: ApiAnswer): boolean {
  return (
    answer.status === 412 || answer.status === 429 || answer.code === -352 || answer.code === -412
  );
}

/** The state after a refusal at `now`: wait 5 min, then 10, 20, … up to 6 h. */
export function afterRefusal(state: BackOffState, now: number): BackOffState {
  const refusals = state.refusals + 1;
  const wait = Math.min(BACK_OFF_FIRST_MS * 2 ** (refusals - 1), BACK_OFF_MAX_MS);
  return { refusals, until: now + wait };
}

/** The state after a failure that is not a refusal: a fixed pause, the refusal count kept. */
export function afterFailure(state: BackOffState, now: number): BackOffState {
  return { refusals: state.refusals, until: Math.max(state.until, now + FAILURE_RETRY_MS) };
}

/** Whether a request may go at `now`. */
export function mayRequest(state: BackOffState, now: number): boolean {
  return now >= state.until;
}
