import { jsonOrUndefined } from '../../shared/parse';

/**
 * The browser preview's address from a line of headless mode's standard output (its `ready`
 * line), or null for any other line.
 */
export function uiUrlOfReadyLine(line: string): string | null {
  const parsed = jsonOrUndefined(line);
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { type, uiUrl } = parsed as { type?: unknown; uiUrl?: unknown };
  return type === 'ready' && typeof uiUrl === 'string' ? uiUrl : null;
}
