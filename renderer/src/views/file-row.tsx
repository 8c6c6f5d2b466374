import { Button } from '../components/button';
import { baseName, formatBytes, formatDuration } from '../../../shared/format';
import type { HistoryFileItem } from '../../../shared/ipc-contract';
import { useApp } from '../app-context';
import { fileTimes } from '../../../shared/file-times';
import { formatWhen } from '../format-time';
import { roomLabel } from '../../../shared/platforms';

/**
 * One finished recording: streamer, title and when it was recorded (the recorder's own open and
 * close times) first, size and duration, then the file name on one line, and open / show.
 */
export function FileRow({
  file,
  onAction,
}: {
  file: HistoryFileItem;
  onAction: (file: HistoryFileItem, action: 'open' | 'show') => void;
}) {
  const { strings, language } = useApp();
  const s = strings.files;
  const l = strings.lists;
  const missing = file.exists === false;
  const times = fileTimes(file);
  const name = baseName(file.relativePath);
  const streamer = roomLabel(file, file.name, language);
  return (
    <li class={`item file ${missing ? 'is-missing' : ''}`}>
      <div class="item-head">
        <span class="item-title" data-content>
          {file.title ? `${streamer} · ${file.title}` : streamer}
        </span>
        {missing ? <span class="pill pill-warn">{s.missing}</span> : null}
      </div>
      <div class="item-meta">
        <time class="file-time" dateTime={new Date(times.to).toISOString()}>
          {times.own
            ? times.from === undefined
              ? formatWhen(times.to, language)
              : // The end's date only when it is another day than the start's.
                l.timeRange(
                  formatWhen(times.from, language),
                  formatWhen(times.to, language, times.from),
                )
            : l.receivedAt(formatWhen(times.to, language))}
        </time>
        <span>{file.fileSize === undefined ? '—' : formatBytes(file.fileSize)}</span>
        <span>{file.durationSeconds ? formatDuration(file.durationSeconds) : '—'}</span>
      </div>
      <div class="file-name" data-content title={file.relativePath}>
        {name}
      </div>
      <div class="item-actions">
        <Button small disabled={missing} onClick={() => onAction(file, 'open')}>
          {s.open}
        </Button>
        <Button small onClick={() => onAction(file, 'show')}>
          {s.showInFolder}
        </Button>
      </div>
    </li>
  );
}
