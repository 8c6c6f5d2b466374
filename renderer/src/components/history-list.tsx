import type { ComponentChildren } from 'preact';
import { PAGE_SIZE, type HistoryPageState } from '../use-history-page';
import { Pager } from './pager';

/** One page of a history list: nothing while loading, the empty text, or the rows; then the pager. */
export function HistoryList<T>({
  result,
  label,
  emptyText,
  page,
  onPage,
  row,
}: {
  result: Pick<HistoryPageState<T>, 'loading' | 'items' | 'total'>;
  label: string;
  emptyText: string;
  page: number;
  onPage: (page: number) => void;
  row: (item: T) => ComponentChildren;
}) {
  return (
    <>
      {result.loading ? null : result.items.length === 0 ? (
        <p class="empty">{emptyText}</p>
      ) : (
        <ul class="items" aria-label={label}>
          {result.items.map(row)}
        </ul>
      )}
      <Pager page={page} total={result.total} pageSize={PAGE_SIZE} onPage={onPage} />
    </>
  );
}
