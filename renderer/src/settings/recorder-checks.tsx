import { useApp } from '../app-context';
import { CheckField } from '../components/fields';

/**
 * A box per recorder, for a rule that may be narrowed to some of them (none ticked: every
 * recorder). Shown only where there are several recorders: with one, there is nothing to choose.
 */
export function RecorderChecks({
  id,
  legend,
  hint,
  chosen,
  onChosen,
}: {
  id: string;
  legend: string;
  hint: string;
  chosen: readonly string[];
  onChosen: (ids: string[]) => void;
}) {
  const { settings } = useApp();
  const recorders = settings?.recorders ?? [];
  if (recorders.length < 2) return null;
  return (
    <fieldset class="fieldset">
      <legend class="field-label">{legend}</legend>
      {recorders.map((recorder) => (
        <CheckField
          key={recorder.id}
          id={`${id}-recorder-${recorder.id}`}
          label={recorder.name || recorder.id}
          checked={chosen.includes(recorder.id)}
          onChecked={(on) =>
            // In the settings' order, whatever order they were ticked in.
            onChosen(
              recorders
                .map((r) => r.id)
                .filter((r) => (r === recorder.id ? on : chosen.includes(r))),
            )
          }
        />
      ))}
      <p class="field-hint">{hint}</p>
    </fieldset>
  );
}
