import { api } from '@sapi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, stubApi } from '../../../test/api-stub';
import { agentRecord, sharingRecord } from '../../../test/records';
import { renderPage } from '../../../test/render-page';
import { AgentSharingPage } from './agent-sharing-page';

afterEach(() => vi.unstubAllGlobals());

describe('the agent sharing list', () => {
  it('filters by parent agent chosen in the picker, 10 a page', async () => {
    const senior = agentRecord();
    const stub = stubApi([
      [api.agentSharingList, () => page([sharingRecord()], 1, 1, 10)],
      [api.agentPick, () => [{ _id: senior._id, username: senior.username, prefix: senior.prefix }]],
    ]);
    const { user, router } = await renderPage(AgentSharingPage, '/agentsharing');
    await screen.findByText('child_one');
    const parent = screen.getByRole('combobox', { name: 'เอเจนต์แม่' });
    await user.type(parent, 's1');
    const options = document.getElementById(parent.getAttribute('aria-controls') ?? '');
    if (!options) throw new Error('the picker has no options list');
    // Without layout the dropdown is never placed, so it stays display: none.
    await user.click(await within(options).findByRole('option', { name: 'senior_one (s1)', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() => expect(router.state.location.search).toBe('?parentAgent=11'));
    await waitFor(() =>
      expect(stub.bodiesOf(api.agentSharingList).at(-1)).toEqual({
        agent: '',
        parentAgent: '11',
        page: 1,
        limit: 10,
      }),
    );
  });
});
