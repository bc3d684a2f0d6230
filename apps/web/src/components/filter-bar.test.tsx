import { TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { FilterBar } from './filter-bar';

describe('FilterBar', () => {
  it('searches on the button and on Enter, in Thai', async () => {
    const onSearch = vi.fn();
    const onReset = vi.fn();
    const { user } = await renderScreen(
      <FilterBar onSearch={onSearch} onReset={onReset}>
        <TextInput label="ชื่อ" />
      </FilterBar>,
    );
    await user.click(await screen.findByRole('button', { name: 'ค้นหา' }));
    expect(onSearch).toHaveBeenCalledTimes(1);
    await user.type(screen.getByLabelText('ชื่อ'), 'abc{Enter}');
    expect(onSearch).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: /ล้าง|รีเซ็ต/ }));
    expect(onReset).toHaveBeenCalledTimes(1);
  });
});
