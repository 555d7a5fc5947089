import { describe, expect, it } from 'vitest';
import { isCapturePage, notificationFromPush, offlineRedirect } from './sw-rules.ts';

describe('the service worker rules', () => {
  it('knows the visitors pages it keeps for offline use', () => {
    expect(isCapturePage('/capture/booth-2026')).toBe(true);
    expect(isCapturePage('/sv/show/spring-deal/')).toBe(true);
    expect(isCapturePage('/capture/assets/capture-1.js')).toBe(false);
    expect(isCapturePage('/leads')).toBe(false);
  });

  it('sends a page load with no network to /offline in its language, except the shell pages', () => {
    expect(offlineRedirect('/leads', '?page=2')).toBe('/offline?from=%2Fleads%3Fpage%3D2');
    expect(offlineRedirect('/sv/leads', '')).toBe('/sv/offline?from=%2Fsv%2Fleads');
    expect(offlineRedirect('/offline', '?from=/leads')).toBeNull();
    expect(offlineRedirect('/sv/events/e1/booth', '?first_name=Ada')).toBeNull();
  });

  it('shows the push payload of 03-decisions §4b, with the spec icons', () => {
    expect(notificationFromPush({ title: 'Hot lead', body: 'Ada scored 92', url: '/leads/1', tag: 'lead-1' })).toEqual({
      title: 'Hot lead',
      options: {
        body: 'Ada scored 92',
        icon: '/pwa-192x192.png',
        badge: '/pwa-64x64.png',
        tag: 'lead-1',
        data: { url: '/leads/1' },
      },
    });
  });

  it('never opens another site from a payload, and still shows a malformed one', () => {
    expect(notificationFromPush({ title: 'x', url: 'https://evil.example/' }).options.data.url).toBe('/');
    expect(notificationFromPush({ title: 'x', url: '//evil.example/' }).options.data.url).toBe('/');
    expect(notificationFromPush('plain text')).toMatchObject({ title: 'LeadCapture', options: { body: 'plain text' } });
  });
});
