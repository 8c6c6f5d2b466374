/** The ASCII bytes that make JSON's structure, for scanners that read UTF-8 JSON without parsing it. */
export const JSON_BYTE = {
  QUOTE: 0x22,
  BACKSLASH: 0x5c,
  COMMA: 0x2c,
  OPEN_BRACKET: 0x5b,
  CLOSE_BRACKET: 0x5d,
  OPEN_BRACE: 0x7b,
  CLOSE_BRACE: 0x7d,
} as const;
