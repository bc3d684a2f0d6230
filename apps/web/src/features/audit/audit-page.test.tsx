import { api } from '@sapi/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, stubApi } from '../../../test/api-stub';
import { bangkokTime } from '../../../test/records';
import { renderPage } from '../../../test/render-page';
import { AuditPage } from './audit-page';

const record = {
  _id: '5',
  at: '2024-05-01T03:04:05.000Z',
  actorId: '1',
  actor: 'admin',
  action: 'update',
  entity: 'admin',
  entityId: '9',
  ip: '127.0.0.1',
  before: null,
  after: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('the audit log filters', () => {
  it('sends the URL filters (an unknown kind is none), 20 a page; times on the Thai clock', async () => {
    const stub = stubApi([[api.auditList, () => page([record], 1, 1, 20)]]);
    await renderPage(AuditPage, '/audit?actor=adm&entity=nonsense&action=lock&startDate=2024-05-01T08:00');
    expect(await screen.findByText('01/05/2024 10:04:05')).toBeTruthy();
    expect(stub.bodiesOf(api.auditList)).toEqual([
      {
        actor: 'adm',
        entity: '',
        action: 'lock',
        startDate: bangkokTime(2024, 4, 1, 8).toISOString(),
        endDate: '',
        page: 1,
        limit: 20,
      },
    ]);
  });

  it('a kind from the URL is searched; Search again refetches; the kind clears by its named button', async () => {
    const stub = stubApi([[api.auditList, () => page([record], 1, 1, 20)]]);
    const { user, router } = await renderPage(AuditPage, '/audit?entity=admin');
    await screen.findByText('01/05/2024 10:04:05');
    expect(stub.bodiesOf(api.auditList).at(-1)).toMatchObject({ entity: 'admin' });
    expect(screen.getByRole('combobox', { name: 'ประเภทข้อมูล' })).toHaveProperty('value', 'ผู้ดูแลระบบ (admin)');
    await user.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() => expect(stub.bodiesOf(api.auditList)).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'ล้างประเภทข้อมูล' }));
    await user.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(stub.bodiesOf(api.auditList).at(-1)).toMatchObject({ entity: '' }));
  });
});
