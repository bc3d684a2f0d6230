import { Switch } from '@mantine/core';
import { operatorTypes } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import type { CheckboxField, InputField } from '../../components/form-dialog';
import { ChoiceField } from '../../components/form-fields';

interface OperatorAccessProps {
  type: InputField<string>;
  locked: CheckboxField;
  autoFocus?: boolean;
}

/** What an operator may do: its type and whether it is locked, alike on register and edit. */
export function OperatorAccess({ type, locked, autoFocus = false }: OperatorAccessProps) {
  const { t } = useTranslation();
  return (
    <>
      <ChoiceField
        label={t('agentOperator.fields.type')}
        data={operatorTypes.map((value) => ({ value, label: t(`agentOperator.types.${value}`) }))}
        {...type}
        data-autofocus={autoFocus || undefined}
      />
      <Switch label={t('agentOperator.fields.lockedSwitch')} {...locked} color="red" />
    </>
  );
}
