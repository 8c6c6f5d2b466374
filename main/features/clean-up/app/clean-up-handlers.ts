import type { HistoryRemoval, HistoryQuery } from '../../../../shared/history';
import type { ContractHandlers } from '../../../../shared/ipc-contract';
import type { RetentionPreview, RetentionSettings } from '../../../../shared/retention';

/** What the clean-up's calls read: a preview pass and the removals in the history. */
export interface RetentionReader {
  /** What a pass would remove now under these settings (the saved ones when absent); removes nothing. */
  preview(retention?: RetentionSettings): Promise<RetentionPreview>;
  /** The removals, newest first, paged. */
  removals(query: HistoryQuery): { items: HistoryRemoval[]; total: number };
}

/** The clean-up's calls: Settings → Clean-up's preview, and the removals it made. */
export function retentionHandlers(
  reader: RetentionReader,
): Pick<ContractHandlers, 'retention:preview' | 'history:removals'> {
  return {
    'retention:preview': async (request) =>
      reader.preview(request && 'retention' in request ? request.retention : undefined),
    'history:removals': async (query) => reader.removals(query),
  };
}
