/** Thai (๐–๙) and full-width (０–９) digits, which an input would drop or a schema refuse. */
const OTHER_DIGITS = /[\u0E50-\u0E59\uFF10-\uFF19]/g;

/** The same text with every Thai or full-width digit as its 0–9 (one character for one: the caret stays). */
export const asciiDigits = (text: string) =>
  text.replace(OTHER_DIGITS, (d) => String(d.charCodeAt(0) - (d >= '\uFF10' ? 0xff10 : 0x0e50)));

/**
 * A one-time code as typed or pasted: its digits in 0–9 and without the spaces apps show in it
 * ("๑๒๓ ๔๕๖" and " 123 456 " are 123456). Nothing else changes: a wrong code stays wrong, on screen.
 */
export const oneTimeCode = (text: string) => asciiDigits(text).replace(/\s+/g, '');
