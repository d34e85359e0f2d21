// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { memberOptions } from './member-options.ts';

describe('member options', () => {
  const staff = [
    { user_id: 'a', name: 'Arjun Admin', status: 'active' as const },
    { user_id: 'd', name: 'Dan Gone', status: 'deactivated' as const },
    { user_id: 'i', name: 'Ina Invited', status: 'invited' as const },
  ];

  it('offers only active members', () => {
    expect(memberOptions(staff)).toEqual([{ value: 'a', label: 'Arjun Admin' }]);
  });

  it('shows the member a record already holds, even when no longer active, without offering them', () => {
    expect(memberOptions(staff, 'd')).toEqual([{ value: 'a', label: 'Arjun Admin' }, { value: 'd', label: 'Dan Gone', disabled: true }]);
  });
});
