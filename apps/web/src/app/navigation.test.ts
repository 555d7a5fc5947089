import { describe, expect, it } from 'vitest';
import { isNavItemActive, navItems } from './navigation.ts';

const active = (path: string) => navItems.filter((item) => isNavItemActive(item, path)).map((item) => item.to);

describe('navigation', () => {
  it.each([
    ['/dashboard', ['/dashboard']],
    ['/settings', ['/settings']],
    ['/settings/organization', ['/settings']],
    ['/settings/profile', ['/settings/profile']],
    ['/onboarding', ['/onboarding']],
    ['/settingsx', []],
  ])('%s highlights %j', (path, expected) => {
    expect(active(path)).toEqual(expected);
  });
});
