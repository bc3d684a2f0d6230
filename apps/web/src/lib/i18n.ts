import { type Language, languages } from '@sapi/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/th';
import i18n, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en';
import { th } from '../locales/th';
import { partnerPrefix } from './config';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof th };
  }
}

/** A key of the translation resources (type-checked). */
export type TKey = ParseKeys;

/** The console's languages are the contract's: the server writes CSV headers in them too. */
export { type Language, languages };

const LANGUAGE_KEY = `${partnerPrefix}lang`;

const storedLanguage = (): Language => {
  try {
    const value = window.localStorage.getItem(LANGUAGE_KEY);
    return value === 'en' ? 'en' : 'th';
  } catch {
    return 'th';
  }
};

const applyLanguage = (lng: string) => {
  document.documentElement.lang = lng;
  dayjs.locale(lng === 'en' ? 'en' : 'th');
};

void i18n.use(initReactI18next).init({
  resources: { th: { translation: th }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'th',
  supportedLngs: languages,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
applyLanguage(i18n.language);

i18n.on('languageChanged', (lng) => {
  applyLanguage(lng);
  try {
    window.localStorage.setItem(LANGUAGE_KEY, lng);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
});

export const currentLanguage = (): Language => (i18n.language === 'en' ? 'en' : 'th');

export { i18n };
