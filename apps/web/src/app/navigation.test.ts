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
    ['/offers', ['/offers']],
    ['/offers/form/42', ['/offers']],
    ['/leads', ['/leads']],
    ['/leads/form/42', ['/leads']],
    ['/clients', ['/clients']],
    ['/clients/42', ['/clients']],
    ['/settingsx', []],
  ])('%s highlights %j', (path, expected) => {
    expect(active(path)).toEqual(expected);
  });

  it('lists the main items in the order of spec 01 §2', () => {
    const main = navItems.filter((item) => item.group === 'main').map((item) => item.to);
    expect(main).toEqual([
      '/dashboard',
      '/events',
      '/offers',
      '/leads',
      '/clients',
      '/dashboard/data',
      '/analytics',
      '/team',
      '/onboarding',
    ]);
  });
});
