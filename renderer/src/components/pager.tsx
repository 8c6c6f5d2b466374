import { useApp } from '../app-context';

/** Previous / next buttons and "page x of y" for a paged history list; nothing for one page. */
export function Pager({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { strings } = useApp();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav class="pager" aria-label={strings.pager.label}>
      <button type="button" class="button" disabled={page <= 0} onClick={() => onPage(page - 1)}>
        {strings.pager.previous}
      </button>
      <span class="pager-position">{strings.pager.page(Math.min(page, pages - 1) + 1, pages)}</span>
      <button
        type="button"
        class="button"
        disabled={page >= pages - 1}
        onClick={() => onPage(page + 1)}
      >
        {strings.pager.next}
      </button>
    </nav>
  );
}
