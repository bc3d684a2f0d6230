import { api } from '@sapi/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, stubApi } from '../../../test/api-stub';
import { agentRecord, operatorRecord } from '../../../test/records';
import { renderPage } from '../../../test/render-page';
import { expectSortableHeader } from '../../../test/sorting';
import { AgentOperatorPage } from './agent-operator-page';

afterEach(() => vi.unstubAllGlobals());

describe('the agent operator list', () => {
  it('filters by agent and username; Search asks again with the same filters', async () => {
    const stub = stubApi([
      [api.agentOperatorList, () => page([operatorRecord()])],
      [api.agentGet, () => agentRecord()],
    ]);
    const { user } = await renderPage(AgentOperatorPage, '/agentoperator?agent=11&username=desk');
    await screen.findByText('desk_one');
    expect(stub.bodiesOf(api.agentOperatorList)).toEqual([
      { agent: '11', username: 'desk', page: 1, limit: 50 },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'เอเจนต์' })).toHaveProperty('value', 'senior_one (s1)'),
    );
    await user.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() => expect(stub.bodiesOf(api.agentOperatorList)).toHaveLength(2));
  });
});

describe('sorting the operator list', () => {
  it('sorts by username and by creation on the server', async () => {
    const stub = stubApi([
      [api.agentOperatorList, () => page([operatorRecord()])],
      [api.agentGet, () => agentRecord()],
    ]);
    const { user } = await renderPage(AgentOperatorPage, '/agentoperator');
    await screen.findByText(operatorRecord().username);
    await expectSortableHeader({
      user,
      stub,
      route: api.agentOperatorList,
      header: 'ชื่อผู้ใช้',
      field: 'username',
      first: 'asc',
    });
    await expectSortableHeader({
      user,
      stub,
      route: api.agentOperatorList,
      header: 'วันที่สร้าง',
      field: 'createdAt',
      first: 'desc',
    });
  });
});
