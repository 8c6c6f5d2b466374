/** A toolbar search box with its (visually hidden) label. */
export function SearchField({
  id,
  label,
  placeholder,
  value,
  onValue,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onValue: (value: string) => void;
}) {
  return (
    <>
      <label for={id} class="sr-only">
        {label}
      </label>
      <input
        id={id}
        class="input toolbar-search"
        type="search"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        onInput={(event) => onValue(event.currentTarget.value)}
      />
    </>
  );
}
