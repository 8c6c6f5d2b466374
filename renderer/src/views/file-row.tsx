import { baseName, formatBytes, formatDuration } from '../../../shared/format';
import type { HistoryFileItem } from '../../../shared/ipc-contract';
import { useApp } from '../app-context';
import { formatWhen } from '../format-time';

/** One finished recording: file name, room, size, duration, when, and open / show buttons. */
export function FileRow({
  file,
  onAction,
}: {
  file: HistoryFileItem;
  onAction: (file: HistoryFileItem, action: 'open' | 'show') => void;
}) {
  const { strings, language } = useApp();
  const s = strings.files;
  const missing = file.exists === false;
  return (
    <li class={`item file ${missing ? 'is-missing' : ''}`}>
      <div class="item-head">
        <span class="item-title file-name" data-content>
          {baseName(file.relativePath)}
        </span>
        {missing ? <span class="pill pill-warn">{s.missing}</span> : null}
      </div>
      <div class="item-sub" data-content>
        {file.title ? `${file.name} · ${file.title}` : file.name}
      </div>
      <div class="item-meta">
        <span>
          {s.size} {file.fileSize === undefined ? '—' : formatBytes(file.fileSize)}
        </span>
        <span>
          {s.duration} {file.durationSeconds ? formatDuration(file.durationSeconds) : '—'}
        </span>
        <span>
          {s.finishedAt} {formatWhen(file.finishedAt, language)}
        </span>
      </div>
      <div class="item-actions">
        <button
          type="button"
          class="button button-small"
          disabled={missing}
          onClick={() => onAction(file, 'open')}
        >
          {s.open}
        </button>
        <button type="button" class="button button-small" onClick={() => onAction(file, 'show')}>
          {s.showInFolder}
        </button>
      </div>
    </li>
  );
}
