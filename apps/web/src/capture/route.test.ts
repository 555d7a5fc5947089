import { describe, expect, it } from 'vitest';
import { captureRoute } from './route.ts';

describe('captureRoute', () => {
  it.each([
    ['/capture/nordic-expo', '', { kind: 'event', slug: 'nordic-expo' }],
    ['/capture/nordic-expo/', '?src=qr', { kind: 'event', slug: 'nordic-expo' }],
    ['/sv/capture/nordic-expo', '', { kind: 'event', slug: 'nordic-expo' }],
    ['/capture/confirm', '?token=abc', { kind: 'confirm', token: 'abc' }],
    ['/sv/capture/confirm', '?token=abc', { kind: 'confirm', token: 'abc' }],
    // Without a token, "confirm" is an event's slug like any other.
    ['/capture/confirm', '', { kind: 'event', slug: 'confirm' }],
    ['/capture', '', { kind: 'none' }],
    ['/capture/', '', { kind: 'none' }],
    ['/capture/a/b', '', { kind: 'none' }],
    ['/capture/%E0%A4%A', '', { kind: 'none' }],
    ['/show/spring-deal', '', { kind: 'offer', slug: 'spring-deal' }],
    ['/sv/show/spring-deal/', '?src=qr', { kind: 'offer', slug: 'spring-deal' }],
    // An offer's slug may be "confirm": only /capture/confirm is the opt-in link.
    ['/show/confirm', '?token=abc', { kind: 'offer', slug: 'confirm' }],
    ['/show', '', { kind: 'none' }],
    ['/p/e0123456789a', '', { kind: 'none' }],
  ] as const)('%s%s', (pathname, search, route) => {
    expect(captureRoute(pathname, search)).toEqual(route);
  });
});
