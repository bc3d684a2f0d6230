/** The languages the console speaks; the first is the default. */
export const languages = ['th', 'en'] as const;
export type Language = (typeof languages)[number];

const isLanguage = (tag: string): tag is Language => (languages as readonly string[]).includes(tag);

/**
 * The language a request asks for in its `Accept-Language` header (RFC 9110 §12.5.4): of the
 * languages the console speaks, the one of highest weight (`en-US` counts as `en`; `q=0` refuses
 * it); Thai when the header names neither. A CSV export writes its header row in this language,
 * and the web sends the language of its screens.
 */
export const languageOf = (acceptLanguage: string | undefined): Language => {
  let best: { language: Language; q: number } | undefined;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const [range = '', ...parameters] = part.split(';').map((s) => s.trim());
    const tag = range.toLowerCase().split('-')[0] ?? '';
    if (!isLanguage(tag)) continue;
    const weight = parameters.find((p) => /^q=/i.test(p));
    const q = weight === undefined ? 1 : Number(weight.slice(2));
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    if (!best || q > best.q) best = { language: tag, q };
  }
  return best?.language ?? languages[0];
};
