import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderScreen } from '../../../test/render';
import { UserMenu } from './user-menu';

describe('UserMenu', () => {
  it.each([
    ['th', 'เอกสารอ้างอิง API'],
    ['en', 'API reference'],
  ] as const)(
    'links to the API reference the server serves, in a tab of its own (%s)',
    async (language, text) => {
      stubApi([]);
      const { user } = await renderScreen(<UserMenu />, { url: '/agent/list', language });
      await user.click(await screen.findByTestId('user-menu'));
      const link = (await screen.findByText(text)).closest('a');
      expect(link?.getAttribute('href')).toBe('/api/docs');
      expect(link?.getAttribute('target')).toBe('_blank');
      expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    },
  );

  it('an agent-side account has two-factor sign-in and its sessions in the menu, as staff', async () => {
    stubApi([], {
      self: {
        username: 'op@s1',
        kind: 'operator',
        type: 'OPERATOR',
        role: 'AGENT_OPERATOR',
        id: '5',
        agentId: '11',
        agentUsername: 'senior_one',
        prefix: 's1',
      },
    });
    const { user } = await renderScreen(<UserMenu />, { url: '/agent/list' });
    await user.click(await screen.findByTestId('user-menu'));
    const link = (await screen.findByText('การยืนยันตัวตนสองขั้นตอน')).closest('a');
    expect(link?.getAttribute('href')).toBe('/account/security');
  });
});
