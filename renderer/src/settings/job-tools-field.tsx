import { Button } from '../components/button';
import { useState } from 'preact/hooks';
import type { JobsSettingsStrings } from '../../../shared/i18n/window/jobs-settings';
import type { ToolCheck } from '../../../shared/jobs';
import { useApp } from '../app-context';
import type { JobsDraft } from '../jobs-draft';
import { TextField } from '../components/fields';
import { StatusLine } from '../components/status-line';
import { errorsFor } from '../field-errors';

type ToolField = keyof JobsDraft['tools'];
const TOOL_FIELDS: readonly ToolField[] = ['ffmpeg', 'rclone', 'danmakuFactory'];

/** The tools' paths as typed (empty ones left out: main looks them up on PATH). */
function typedTools(tools: JobsDraft['tools']): Partial<Record<ToolField, string>> {
  const typed: Partial<Record<ToolField, string>> = {};
  for (const field of TOOL_FIELDS)
    if (tools[field].trim() !== '') typed[field] = tools[field].trim();
  return typed;
}

/**
 * The tools' paths (empty: found on PATH) and "check tools": each tool found or not, where, and
 * the first line of its version, for the paths as typed (saved or not).
 */
export function JobToolsField({
  tools,
  errors,
  strings: a,
  onTools,
}: {
  tools: JobsDraft['tools'];
  errors: readonly string[];
  strings: JobsSettingsStrings;
  onTools: (tools: JobsDraft['tools']) => void;
}) {
  const { api } = useApp();
  const [checks, setChecks] = useState<ToolCheck[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const check = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setChecks((await api.jobsCheckTools({ tools: typedTools(tools) })).tools);
    } catch (error) {
      setChecks(null);
      setFailure(String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset class="fieldset">
      <legend class="field-label">{a.tools}</legend>
      {TOOL_FIELDS.map((field) => (
        <TextField
          key={field}
          id={`jobs-tool-${field}`}
          label={a.toolNames[field]}
          placeholder={field === 'danmakuFactory' ? 'DanmakuFactory' : field}
          value={tools[field]}
          onValue={(value) => onTools({ ...tools, [field]: value })}
          errors={errorsFor(errors, `jobs.tools.${field}`)}
        />
      ))}
      <p class="field-hint">{a.toolsHint}</p>
      <div class="button-row">
        <Button disabled={busy} onClick={() => void check()}>
          {busy ? a.checking : a.checkTools}
        </Button>
      </div>
      <StatusLine text={failure} tone="error" />
      {checks ? (
        <ul class="tool-checks" aria-label={a.checkTools}>
          {checks.map((found) => (
            <li key={found.tool} data-tool={found.tool}>
              <strong>{a.toolNames[found.tool]}</strong>{' '}
              {found.found ? (
                <span class="tool-found">{a.found(found.version ?? found.path ?? '')}</span>
              ) : (
                <span class="tool-missing">{a.notFound}</span>
              )}
              {found.path ? (
                <span class="field-hint" data-content>
                  {' '}
                  {found.path}
                </span>
              ) : null}
              {!found.found && found.message ? (
                <span class="field-hint" data-content>
                  {' '}
                  {found.message}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
