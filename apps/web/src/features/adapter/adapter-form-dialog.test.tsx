import { type Adapter, api } from '@sapi/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { contractSays, errorOf, expectThai, fill, stubApi } from '../../../test/api-stub';
import { renderScreen } from '../../../test/render';
import { AdapterFormDialog } from './adapter-form-dialog';

type Save = (values: unknown) => Promise<unknown>;

const adapter: Adapter = {
  _id: '5',
  name: 'PG Soft',
  codename: 'PGSOFT',
  endpoint: 'https://pg.example.com/api',
  type: 'SLOT',
  logo: 'https://pg.example.com/logo.png',
  isDisable: false,
  createdAt: '2024-05-01T03:04:05.000Z',
  updatedAt: '2024-05-01T03:04:05.000Z',
};

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('AdapterFormDialog', () => {
  it('refuses a lower-case code and a non-http endpoint, then adds the provider as typed', async () => {
    stubApi([]);
    const onSubmit = vi.fn<Save>(async () => undefined);
    const { user } = await renderScreen(
      <AdapterFormDialog opened onClose={() => undefined} adapter={null} onSubmit={onSubmit} />,
    );
    await fill(user, field('ชื่อ'), 'Joker Gaming');
    await fill(user, field('รหัส'), 'joker');
    await fill(user, field('ที่อยู่ปลายทาง'), 'ftp://joker.example.com');
    await fill(user, field('โลโก้'), 'https://joker.example.com/logo.png');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const body = api.adapterCreate.body;
    expect(errorOf(field('รหัส'))).toBe(contractSays(body, { codename: 'joker' }, 'codename'));
    expect(errorOf(field('ที่อยู่ปลายทาง'))).toBe(
      contractSays(body, { endpoint: 'ftp://joker.example.com' }, 'endpoint'),
    );
    expectThai(errorOf(field('ที่อยู่ปลายทาง')));
    expect(field('รหัส').value).toBe('joker');

    await fill(user, field('รหัส'), 'JOKER');
    await fill(user, field('ที่อยู่ปลายทาง'), 'https://joker.example.com/api');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Joker Gaming',
      codename: 'JOKER',
      endpoint: 'https://joker.example.com/api',
      type: 'SLOT',
      logo: 'https://joker.example.com/logo.png',
    });
  });

  it('edits with the name read-only', async () => {
    stubApi([]);
    const onSubmit = vi.fn<Save>(async () => undefined);
    const { user } = await renderScreen(
      <AdapterFormDialog opened onClose={() => undefined} adapter={adapter} onSubmit={onSubmit} />,
    );
    expect(field('ชื่อ').readOnly).toBe(true);
    await fill(user, field('รหัส'), 'PG_SOFT');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'PG Soft',
      codename: 'PG_SOFT',
      endpoint: adapter.endpoint,
      type: 'SLOT',
      logo: adapter.logo,
    });
  });
});
