import type { HistoryRemoval, HistoryQuery } from '../../../../shared/history';
import type { ContractHandlers } from '../../../../shared/ipc-contract';
import type { CleanUpPreview, CleanUpSettings } from '../../../../shared/clean-up';

/** What the clean-up's calls read: a preview pass and the removals in the history. */
export interface CleanUpReader {
  /** What a pass would remove now under these settings (the saved ones when absent); removes nothing. */
  preview(drafted?: CleanUpSettings): Promise<CleanUpPreview>;
  /** The removals, newest first, paged. */
  removals(query: HistoryQuery): { items: HistoryRemoval[]; total: number };
}

/** The clean-up's calls: Settings → Clean-up's preview, and the removals it made. */
export function cleanUpHandlers(
  reader: CleanUpReader,
): Pick<ContractHandlers, 'cleanUp:preview' | 'history:removals'> {
  return {
    'cleanUp:preview': async (request) =>
      reader.preview(request && 'cleanUp' in request ? request.cleanUp : undefined),
    'history:removals': async (query) => reader.removals(query),
  };
}
