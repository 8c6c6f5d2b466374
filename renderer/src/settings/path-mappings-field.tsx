import { FieldNotes, TextField } from '../components/fields';
import { useApp } from '../app-context';
import { errorsFor } from '../field-errors';
import type { SectionProps } from './section-props';

/** Path mappings from the recorder's view of its files to this computer's, one row each. */
export function PathMappingsField({ draft, update, errors }: SectionProps) {
  const { strings } = useApp();
  const s = strings.settings;
  const mappings = draft.pathMappings;
  const setMapping = (index: number, side: 'from' | 'to', value: string) =>
    update({ pathMappings: mappings.map((m, i) => (i === index ? { ...m, [side]: value } : m)) });
  return (
    <fieldset class="fieldset" aria-describedby="path-mappings-hint">
      <legend class="field-label">{s.pathMappings}</legend>
      <p id="path-mappings-hint" class="field-hint">
        {s.pathMappingsHint}
      </p>
      {mappings.map((mapping, index) => (
        <div class="mapping-row" key={index}>
          <TextField
            id={`mapping-from-${index}`}
            label={s.mappingFrom}
            placeholder="/rec"
            value={mapping.from}
            onValue={(value) => setMapping(index, 'from', value)}
            errors={errorsFor(errors, `pathMappings[${index}].from`)}
          />
          <TextField
            id={`mapping-to-${index}`}
            label={s.mappingTo}
            placeholder={'D:\\录播'}
            value={mapping.to}
            onValue={(value) => setMapping(index, 'to', value)}
            errors={errorsFor(errors, `pathMappings[${index}].to`)}
          />
          <button
            type="button"
            class="button button-small mapping-remove"
            aria-label={`${s.removeMapping} ${index + 1}`}
            title={s.removeMapping}
            onClick={() => update({ pathMappings: mappings.filter((_, i) => i !== index) })}
          >
            ×
          </button>
        </div>
      ))}
      <FieldNotes
        id="path-mappings"
        errors={errorsFor(
          errors.filter((error) => !error.startsWith('pathMappings[')),
          'recorders[0].pathMappings',
        )}
      />
      <button
        type="button"
        class="button"
        onClick={() => update({ pathMappings: [...mappings, { from: '', to: '' }] })}
      >
        {s.addMapping}
      </button>
    </fieldset>
  );
}
