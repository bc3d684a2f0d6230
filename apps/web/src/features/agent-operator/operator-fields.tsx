import { Switch } from '@mantine/core';
import { type OperatorType, operatorTypes } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import type { CheckboxField, InputField } from '../../components/form-dialog';
import { ChoiceField } from '../../components/form-fields';

interface OperatorAccessProps {
  type: InputField<string>;
  locked: CheckboxField;
  autoFocus?: boolean;
  /** The types offered (default every one): a SUPERMANAGER never makes a SUPERMANAGER (docs/design.md §16). */
  types?: readonly OperatorType[];
}

/** What an operator may do: its type and whether it is locked, alike on register and edit. */
export function OperatorAccess({
  type,
  locked,
  autoFocus = false,
  types = operatorTypes,
}: OperatorAccessProps) {
  const { t } = useTranslation();
  return (
    <>
      <ChoiceField
        label={t('agentOperator.fields.type')}
        data={types.map((value) => ({ value, label: t(`agentOperator.types.${value}`) }))}
        {...type}
        data-autofocus={autoFocus || undefined}
      />
      <Switch label={t('agentOperator.fields.lockedSwitch')} {...locked} color="red" />
    </>
  );
}
