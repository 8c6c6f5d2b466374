import { Button } from '../components/button';
import { useState } from 'preact/hooks';
import { formatBytes } from '../../../shared/format';
import type { CleanUpStrings } from '../../../shared/i18n/window/clean-up';
import type { CleanUpPreview } from '../../../shared/clean-up';
import { useApp } from '../app-context';
import { StatusLine } from '../components/status-line';
import { formatWhen } from '../format-time';
import { ContractCallError } from '../http-transport';
import { cleanUpFromDraft, type CleanUpDraft } from '../clean-up-draft';

/**
 * "Preview what would go": the files a clean-up pass would remove now by the form as it is
 * (`cleanUp:preview` with the drafted rules, saved or not), per rule, oldest first, with their
 * sizes and the total. Removes nothing.
 */
export function CleanUpPreviewList({
  cleanUp,
  strings: c,
}: {
  cleanUp: CleanUpDraft;
  strings: CleanUpStrings;
}) {
  const { api, strings, language } = useApp();
  const [preview, setPreview] = useState<CleanUpPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const look = async () => {
    const errors: string[] = [];
    const built = cleanUpFromDraft(cleanUp, strings.settings.notANumber, errors);
    setFailure(null);
    setPreview(null);
    if (errors.length > 0) return setFailure(errors.join('; '));
    setBusy(true);
    try {
      setPreview(await api.cleanUpPreview({ cleanUp: built }));
    } catch (error) {
      setFailure(
        error instanceof ContractCallError && error.reasons.length > 0
          ? error.reasons.join('; ')
          : String(error),
      );
    } finally {
      setBusy(false);
    }
  };
  const count = preview?.rules.reduce((sum, rule) => sum + rule.files.length, 0) ?? 0;
  return (
    <div class="field" role="group" aria-labelledby="clean-up-preview-title">
      <h3 id="clean-up-preview-title" class="sr-only">
        {c.preview}
      </h3>
      <div class="button-row">
        <Button disabled={busy} onClick={() => void look()}>
          {busy ? c.previewing : c.preview}
        </Button>
      </div>
      <p class="field-hint">{c.previewHint}</p>
      <StatusLine text={failure} tone="error" />
      {preview ? (
        <div class="clean-up-preview" data-preview>
          {preview.problems.map((problem) => (
            <p key={problem} class="notice" data-content>
              {problem}
            </p>
          ))}
          <p class="field-label" role="status">
            {count === 0 ? c.previewNone : c.previewTotal(count, formatBytes(preview.bytes))}
          </p>
          {preview.rules
            .filter((rule) => rule.files.length > 0)
            .map((rule) => (
              <div key={rule.rule}>
                <p class="field-hint">
                  {c.previewRule(rule.rule + 1, rule.files.length, formatBytes(rule.bytes))}
                </p>
                <ul class="preview-files">
                  {rule.files.map((file) => (
                    <li
                      key={`${file.recorderId}|${file.relativePath}`}
                      data-file={file.relativePath}
                    >
                      <span data-content>{file.relativePath}</span>{' '}
                      <span class="preview-file-meta">
                        {formatBytes(file.bytes)} ·{' '}
                        {c.modified(formatWhen(file.modifiedAt, language))} ·{' '}
                        {c.reasons[file.reason]}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
        </div>
      ) : null}
    </div>
  );
}
