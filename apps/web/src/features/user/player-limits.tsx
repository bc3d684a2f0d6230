import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CheckboxField, InputField } from '../../components/form-dialog';
import { NumberField } from '../../components/number-field';

interface PlayerLimitsProps {
  betLimit: InputField<number | string>;
  locked: CheckboxField;
  autoFocus?: boolean;
}

/** A player's bet limit and bet lock, alike on create and edit. */
export function PlayerLimits({ betLimit, locked, autoFocus = false }: PlayerLimitsProps) {
  const { t } = useTranslation();
  return (
    <>
      <NumberField
        label={t('user.fields.betLimit')}
        description={t('user.betLimitHint')}
        {...betLimit}
        thousandSeparator=","
        hideControls
        data-autofocus={autoFocus || undefined}
      />
      <Switch label={t('user.lockedSwitch')} {...locked} color="red" />
    </>
  );
}
