import { Pill, TagsInput, Text } from '@mantine/core';
import { ipEntrySchema, issueOf } from '@sapi/contract';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { issueMessage } from '../lib/errors';
import { i18n } from '../lib/i18n';
import type { InputField } from './form-dialog';

/**
 * The first entry of an address allow-list the contract refuses, named with its reason in the user's
 * language ("“10.0.0.300” (entry 3): must be an IPv4 or IPv6 address or CIDR range"); null when every
 * entry is an address or CIDR range (a list too long is the form's own message).
 */
export const badIpEntryMessage = (entries: readonly string[]): string | null => {
  for (const [index, entry] of entries.entries()) {
    const result = ipEntrySchema.safeParse(entry);
    const issue = result.error?.issues[0];
    if (issue) {
      return i18n.t('security.allowList.badEntry', {
        entry,
        position: index + 1,
        reason: issueMessage(issueOf(issue)),
      });
    }
  }
  return null;
};

interface IpListInputProps {
  /** The form's `allowedIps` field (`form.field('allowedIps')`). */
  field: InputField<string[]>;
  label: ReactNode;
  description?: ReactNode;
  readOnly?: boolean;
}

/**
 * An allow-list as tags: one IPv4/IPv6 address or CIDR range each, added with Enter, a comma, a space
 * or by pasting a list (one a line). An entry already listed is not added again, and the input says
 * so until the list next changes. A wrong entry is named in the error.
 */
export function IpListInput({ field, label, description, readOnly = false }: IpListInputProps) {
  const { t } = useTranslation();
  const error = field.error ? (badIpEntryMessage(field.value) ?? field.error) : null;
  const [duplicates, setDuplicates] = useState<string[]>([]);
  // Set while one typed or pasted input reports its duplicates, so the change it makes keeps them.
  const reporting = useRef(false);
  const noteDuplicate = (entry: string) => {
    setDuplicates((shown) => (reporting.current ? [...new Set([...shown, entry])] : [entry]));
    reporting.current = true;
    queueMicrotask(() => {
      reporting.current = false;
    });
  };
  return (
    <TagsInput
      label={label}
      description={
        duplicates.length > 0 ? (
          <>
            {description}
            <Text
              component="span"
              role="status"
              display="block"
              size="xs"
              c="orange.9"
              data-testid="duplicate-entries"
            >
              {t('security.allowList.duplicate', { entries: duplicates.map((d) => `“${d}”`).join(', ') })}
            </Text>
          </>
        ) : (
          description
        )
      }
      placeholder={readOnly ? undefined : t('security.allowList.placeholder')}
      value={field.value}
      onDuplicate={noteDuplicate}
      onChange={(value) => {
        if (!reporting.current) setDuplicates([]);
        field.onChange(value.map((entry) => entry.trim()).filter(Boolean));
      }}
      onFocus={field.onFocus}
      onBlur={field.onBlur}
      error={error}
      data-path={field['data-path']}
      splitChars={[',', ' ', ';', '\n', '\r']}
      clearable={!readOnly}
      readOnly={readOnly}
      maxDropdownHeight={0}
      renderPill={({ value, onRemove, disabled }) => {
        // A wrong entry shows red among the good ones once the form has said what is wrong.
        const bad = Boolean(error) && !ipEntrySchema.safeParse(value).success;
        return (
          <Pill
            withRemoveButton={!disabled}
            onRemove={onRemove}
            removeButtonProps={{
              'aria-label': t('security.allowList.remove', { entry: value }),
              'aria-hidden': false,
            }}
            ff="monospace"
            c={bad ? 'red.9' : undefined}
            bg={bad ? 'red.1' : undefined}
            data-bad={bad || undefined}
          >
            {value}
          </Pill>
        );
      }}
    />
  );
}

const ipv4Number = (address: string): number | null => {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
};
/** An IPv4 client on a dual-stack socket (`::ffff:a.b.c.d`) is matched as IPv4, as the server does. */
const unmapped = (address: string) => address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/**
 * Does the list let this address in? true or false when the browser can tell (an empty list lets every
 * address in; IPv4 addresses and ranges, exact IPv6 addresses); null when only an IPv6 range could
 * cover it — the server decides, and refuses the save if one's own address is left out.
 */
export const listCovers = (entries: readonly string[], address: string): boolean | null => {
  if (entries.length === 0) return true;
  const ip = unmapped(address.trim());
  const ip4 = ipv4Number(ip);
  let unsure = false;
  for (const raw of entries) {
    const entry = unmapped(raw.trim());
    const [base = '', bits] = entry.split('/');
    if (bits === undefined) {
      if (base === ip) return true;
      continue;
    }
    const base4 = ipv4Number(base);
    if (base4 !== null && ip4 !== null) {
      const prefix = Number(bits);
      const size = 2 ** (32 - prefix);
      if (Math.floor(base4 / size) === Math.floor(ip4 / size)) return true;
    } else if (base4 === null && ip4 === null) {
      unsure = true;
    }
  }
  return unsure ? null : false;
};
