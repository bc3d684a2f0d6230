import { Button, Group, Modal, type ModalProps, Stack, Text } from '@mantine/core';
import { type GetInputPropsReturnType, type UseFormReturnType, useForm } from '@mantine/form';
import { type FormEvent, type KeyboardEvent, type ReactNode, type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { contractMessages, type Draft, refusalOf } from '../lib/contract-form';
import { ErrorBanner } from './error-banner';
import { LoadingFields } from './form-fields';

export type { Draft } from '../lib/contract-form';

/** The values of a form over a route body schema, as its inputs hold them. */
export type DraftOf<S extends z.ZodType> = Draft<z.input<S>>;

type FieldName<V> = Extract<keyof V, string>;

/** What a form gives an input: the value it holds, its change handler, its error and blur check. */
export interface InputField<T> {
  value: T;
  onChange: GetInputPropsReturnType['onChange'];
  error: ReactNode;
  onFocus: () => void;
  onBlur: () => void;
  'data-path': string;
}
/** The same for a switch or checkbox, which shows `checked` instead of a value. */
export interface CheckboxField extends Omit<InputField<boolean>, 'value'> {
  checked: boolean;
}

export type ContractForm<V> = UseFormReturnType<V> & {
  /**
   * What the input of a field needs; `checkbox` for switches. A field the user has changed is checked
   * when left, so a wrong value is named before Save is pressed.
   */
  field: {
    <K extends FieldName<V>>(name: K): InputField<V[K]>;
    <K extends FieldName<V>>(name: K, type: 'checkbox'): CheckboxField;
  };
};

/** Has the schema accepted these values? Then they are the route's body as the client sends it. */
const accepts = <S extends z.ZodType>(schema: S, values: unknown): values is z.input<S> =>
  schema.safeParse(values).success;

/**
 * A `@mantine/form` form checked by a contract schema: every field's error is the contract's reason in
 * the user's language (lib/contract-form). Values stay exactly as typed; nothing is clamped or trimmed.
 */
export function useContractForm<S extends z.ZodType>(
  schema: S,
  initialValues: DraftOf<S>,
): ContractForm<DraftOf<S>> {
  const form = useForm<DraftOf<S>>({
    initialValues,
    validate: (values) => contractMessages(schema, values),
  });
  function field<K extends FieldName<DraftOf<S>>>(name: K): InputField<DraftOf<S>[K]>;
  function field<K extends FieldName<DraftOf<S>>>(name: K, type: 'checkbox'): CheckboxField;
  function field(
    name: FieldName<DraftOf<S>>,
    type?: 'checkbox',
  ): InputField<DraftOf<S>[FieldName<DraftOf<S>>]> | CheckboxField {
    const props = form.getInputProps(name, { type: type ?? 'input' });
    const value = form.getValues()[name];
    const common = {
      onChange: props.onChange,
      error: props.error,
      onFocus: () => form.setTouched((touched) => ({ ...touched, [name]: true })),
      onBlur: () => {
        if (form.isDirty(name)) form.validateField(name);
      },
      'data-path': name,
    };
    return type === 'checkbox' ? { ...common, checked: value === true } : { ...common, value };
  }
  return { ...form, field };
}

interface FormBodyProps<S extends z.ZodType> {
  schema: S;
  initialValues: DraftOf<S>;
  /**
   * Sends the values; resolve when saved (the caller closes the dialog), reject with the failure: its
   * field issues land under the fields, anything else in the red banner.
   */
  onSubmit: (values: z.input<S>) => Promise<unknown>;
  children: (form: ContractForm<DraftOf<S>>) => ReactNode;
  submitLabel?: string | undefined;
  cancelLabel?: string | undefined;
  /** A view without Save (a role that may only read). */
  readOnly?: boolean | undefined;
  /** Another action of the dialog is under way: nothing may be sent or closed meanwhile. */
  busy?: boolean | undefined;
  /** Save stays disabled until this holds (e.g. something changed). */
  canSubmit?: ((values: DraftOf<S>) => boolean) | undefined;
  /** Shows the failure message in place of the red banner (e.g. a prompt that turns red). */
  renderMessage?: ((message: string | null) => ReactNode) | undefined;
}

interface FormBodyState {
  onCancel: () => void;
  /** Where the body says whether its fields differ from what they started as. */
  dirtyRef: RefObject<(() => boolean) | null>;
  saving: boolean;
  setSaving: (saving: boolean) => void;
}

/** How a page shows a dialog: open or not, how to close it, and its place in a `Modal.Stack`. */
export interface DialogState {
  opened: boolean;
  onClose: () => void;
  /** Set by `useModalsStack().register` when the dialog sits in a `Modal.Stack`. */
  stackId?: string | undefined;
}

export interface FormDialogProps<S extends z.ZodType>
  extends DialogState,
    Omit<FormBodyProps<S>, 'initialValues'> {
  title: ReactNode;
  size?: ModalProps['size'];
  /**
   * The values the form starts from, read each time the dialog opens; null while they load (the
   * dialog shows `placeholder`).
   */
  initialValues: DraftOf<S> | null;
  placeholder?: ReactNode;
  /** False: closes without asking even when changed (a password prompt holds nothing worth keeping). */
  confirmDiscard?: boolean;
}

/**
 * Every create/edit dialog: a modal holding a contract-checked form, the red banner, and Cancel/Save.
 * The form is made afresh at each opening; while a save is under way Save is busy and the dialog
 * cannot be closed (Escape, the overlay, the close button and Cancel all wait for the answer). With
 * fields changed and not saved, each way of closing asks first, so nothing typed is lost by a stray
 * Escape or click.
 */
export function FormDialog<S extends z.ZodType>({
  opened,
  onClose,
  title,
  size,
  stackId,
  initialValues,
  placeholder,
  confirmDiscard = true,
  ...body
}: FormDialogProps<S>) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [asking, setAsking] = useState(false);
  const dirtyRef = useRef<(() => boolean) | null>(null);
  const locked = saving || Boolean(body.busy);
  const close = () => {
    if (locked) return;
    if (confirmDiscard && dirtyRef.current?.()) setAsking(true);
    else onClose();
  };
  return (
    <>
      <Modal
        opened={opened}
        onClose={close}
        closeOnEscape={!locked}
        closeOnClickOutside={!locked}
        closeButtonProps={{ disabled: locked, 'aria-label': t('common.closeDialog') }}
        title={title}
        size={size}
        stackId={stackId}
      >
        {initialValues ? (
          <FormBody
            {...body}
            initialValues={initialValues}
            onCancel={close}
            dirtyRef={dirtyRef}
            saving={saving}
            setSaving={setSaving}
          />
        ) : (
          (placeholder ?? <LoadingFields />)
        )}
      </Modal>
      <DiscardDialog
        opened={opened && asking}
        onKeep={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          onClose();
        }}
      />
    </>
  );
}

/** Asked before a dialog with unsaved changes closes: keep editing (the default) or discard. */
function DiscardDialog({
  opened,
  onKeep,
  onDiscard,
}: {
  opened: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onKeep}
      title={t('form.discardTitle')}
      size="sm"
      zIndex={400}
      // Its two buttons say what each way does; Escape and the overlay keep editing.
      withCloseButton={false}
      // Escape is taken only from inside the question (where its opening puts the focus), not by the
      // modal's listener on the window: that listener, added while the Escape that asked was still being
      // dispatched, could take that same key press as the answer and close the question as it opened.
      closeOnEscape={false}
      onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => {
        if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
        event.stopPropagation();
        onKeep();
      }}
    >
      <Stack gap="md">
        <Text size="sm">{t('form.discardText')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDiscard} color="red">
            {t('form.discard')}
          </Button>
          <Button onClick={onKeep} data-autofocus>
            {t('form.keepEditing')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function FormBody<S extends z.ZodType>({
  schema,
  initialValues,
  onSubmit,
  children,
  submitLabel,
  cancelLabel,
  readOnly = false,
  busy = false,
  canSubmit,
  renderMessage,
  onCancel,
  dirtyRef,
  saving,
  setSaving,
}: FormBodyProps<S> & FormBodyState) {
  const { t } = useTranslation();
  const form = useContractForm(schema, initialValues);
  // A read-only view has nothing to lose.
  dirtyRef.current = readOnly ? null : () => form.isDirty();
  const [banner, setBanner] = useState<string | null>(null);
  const locked = saving || busy;

  const save = form.onSubmit(
    async (values) => {
      if (!accepts(schema, values)) return;
      setSaving(true);
      try {
        await onSubmit(values);
        // Saved: what the fields hold is nothing to lose any more.
        form.resetDirty(values);
      } catch (error) {
        const refusal = refusalOf(error, Object.keys(values));
        form.setErrors(refusal.fields);
        setBanner(refusal.banner);
      } finally {
        setSaving(false);
      }
    },
    (errors) => {
      // The first wrong field on screen gets the focus, so a screen reader reads its error.
      const wrong = Object.keys(errors)
        .map((name) => form.getInputNode(name))
        .filter((node) => node !== null);
      const first = wrong.reduce<HTMLElement | undefined>(
        (top, node) =>
          top && top.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_PRECEDING ? node : (top ?? node),
        undefined,
      );
      first?.focus();
    },
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (locked || readOnly) {
      event.preventDefault();
      return;
    }
    // The banner spoke of the last attempt; this one answers for itself.
    setBanner(null);
    save(event);
  };

  const rootError = form.errors[''];
  const message = banner ?? (typeof rootError === 'string' ? rootError : null);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {renderMessage ? renderMessage(message) : <ErrorBanner>{message}</ErrorBanner>}
        {children(form)}
        {/* Pinned to the dialog's bottom edge: on a short screen (1280×720) the fields scroll, the buttons stay. */}
        <Group
          justify="flex-end"
          gap="sm"
          mt="xs"
          py="xs"
          pos="sticky"
          bottom={0}
          bg="var(--mantine-color-body)"
          style={{ zIndex: 2 }}
          data-testid="dialog-actions"
        >
          <Button variant="default" onClick={onCancel} disabled={locked}>
            {cancelLabel ?? t(readOnly ? 'common.close' : 'common.cancel')}
          </Button>
          {readOnly ? null : (
            <Button
              type="submit"
              loading={saving}
              disabled={busy || (canSubmit ? !canSubmit(form.values) : false)}
            >
              {submitLabel ?? t('common.save')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
