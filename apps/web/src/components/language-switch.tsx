import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Language, languages } from '../lib/i18n';
import classes from './language-switch.module.css';

/** Thai by default; English on demand (kept in localStorage). */
export function LanguageSwitch({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t, i18n } = useTranslation();
  const value: Language = i18n.language === 'en' ? 'en' : 'th';
  const dark = tone === 'dark';
  return (
    <SegmentedControl
      size="xs"
      radius="xl"
      value={value}
      onChange={(next) => void i18n.changeLanguage(next)}
      aria-label={t('language.label')}
      data={languages.map((lng) => ({ value: lng, label: t(`language.${lng}`) }))}
      classNames={
        dark
          ? { root: classes.darkRoot, indicator: classes.darkIndicator, label: classes.darkLabel }
          : { label: classes.lightLabel }
      }
      data-testid="language-switch"
    />
  );
}
