/**
 * A JSON writer that reproduces the recorder's serializer (Newtonsoft.Json on .NET): compact, raw
 * UTF-8, doubles always with a decimal point (`3907.0`) or an exponent (`1.5E-11`), non-finite
 * doubles as the strings "NaN", "Infinity", "-Infinity". JSON.stringify cannot tell 3907.0 from 3907.
 */

/** Marks a number as a C# `double` so that it is written the recorder's way. */
export class Double {
  constructor(readonly value: number) {}
}

/** Wraps a number as a C# `double`. */
export const double = (value: number): Double => new Double(value);

/** A double as .NET's round-trip format writes it, with Newtonsoft's "ensure a decimal place". */
export function formatDouble(value: number): string {
  if (Number.isNaN(value)) return '"NaN"';
  if (value === Infinity) return '"Infinity"';
  if (value === -Infinity) return '"-Infinity"';
  if (Object.is(value, -0)) return '-0.0';
  // Shortest round-trip digits, as .NET Core 3.0+ writes them; it switches to exponents outside
  // 1E-04 ≤ |x| < 1E+15, with at least two exponent digits.
  const [mantissa = '0', exp = '0'] = value.toExponential().split('e');
  const exponent = Number(exp);
  let text: string;
  if (exponent >= 15 || exponent < -4) {
    const digits = String(Math.abs(exponent)).padStart(2, '0');
    text = `${mantissa}E${exponent < 0 ? '-' : '+'}${digits}`;
  } else {
    text = String(value);
  }
  return /[.E]/.test(text) ? text : `${text}.0`;
}

/** Serializes like the recorder: `Double` instances as doubles, other numbers as integers. */
export function toRecorderJson(value: unknown): string {
  if (value instanceof Double) return formatDouble(value.value);
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? String(value) : formatDouble(value);
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map(toRecorderJson).join(',')}]`;
      const parts: string[] = [];
      for (const [key, item] of Object.entries(value)) {
        if (item !== undefined) parts.push(`${JSON.stringify(key)}:${toRecorderJson(item)}`);
      }
      return `{${parts.join(',')}}`;
    }
    default:
      throw new TypeError(`Cannot serialize a ${typeof value}`);
  }
}
