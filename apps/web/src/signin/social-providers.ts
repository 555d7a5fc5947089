/** A sign-in provider the server offers: `href` starts its OAuth flow. */
export type SocialProvider = { id: string; name: string; href: string };

/**
 * The providers this deployment offers. The server has no OAuth today, so the list is empty and
 * the sign-in page shows no social buttons at all (spec: only when configured; no dead buttons).
 * When the server gains providers, fill this from its configuration and the buttons appear.
 */
export const socialProviders: readonly SocialProvider[] = [];
