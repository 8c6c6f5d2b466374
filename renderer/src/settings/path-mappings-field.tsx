import { Button } from '../components/button';
import type { PathMapping } from '../../../shared/settings';
import { FieldNotes, TextField } from '../components/fields';
import { useApp } from '../app-context';
import { errorsFor } from '../field-errors';

/**
 * One recorder's path mappings from its view of its files to this computer's, one row each.
 * `id` prefixes the fields' ids; `path` is the settings path (`recorders[1].pathMappings`).
 */
export function PathMappingsField({
  id,
  path,
  mappings,
  onMappings,
  errors,
}: {
  id: string;
  path: string;
  mappings: PathMapping[];
  onMappings: (mappings: PathMapping[]) => void;
  errors: readonly string[];
}) {
  const { strings } = useApp();
  const s = strings.settings;
  const setMapping = (index: number, side: 'from' | 'to', value: string) =>
    onMappings(mappings.map((m, i) => (i === index ? { ...m, [side]: value } : m)));
  return (
    <fieldset class="fieldset" aria-describedby={`${id}-hint`}>
      <legend class="field-label">{s.pathMappings}</legend>
      <p id={`${id}-hint`} class="field-hint">
        {s.pathMappingsHint}
      </p>
      {mappings.map((mapping, index) => (
        <div class="mapping-row" key={index}>
          <TextField
            id={`${id}-from-${index}`}
            label={s.mappingFrom}
            placeholder="/rec"
            value={mapping.from}
            onValue={(value) => setMapping(index, 'from', value)}
            errors={errorsFor(errors, `${path}[${index}].from`)}
          />
          <TextField
            id={`${id}-to-${index}`}
            label={s.mappingTo}
            placeholder={'D:\\录播'}
            value={mapping.to}
            onValue={(value) => setMapping(index, 'to', value)}
            errors={errorsFor(errors, `${path}[${index}].to`)}
          />
          <Button
            small
            class="mapping-remove"
            aria-label={`${s.removeMapping} ${index + 1}`}
            title={s.removeMapping}
            onClick={() => onMappings(mappings.filter((_, i) => i !== index))}
          >
            ×
          </Button>
        </div>
      ))}
      <FieldNotes
        id={id}
        errors={errorsFor(
          errors.filter((error) => !error.startsWith(`${path}[`)),
          path,
        )}
      />
      <Button onClick={() => onMappings([...mappings, { from: '', to: '' }])}>
        {s.addMapping}
      </Button>
    </fieldset>
  );
}
