/**
 * Team and invitations (issue 6): an owner invites a colleague as member from /team, the
 * invitation mail's link opens in a fresh browser, the colleague sets names and a password and
 * lands in the organisation as a member who sees the team read-only (no invite button); the
 * owner's /team shows them joined. Screenshots in English light and Swedish dark, desktop and a
 * 390x844 phone; axe on the team and accept pages.
 */
import assert from 'node:assert/strict';
import enAuth from '../apps/web/src/locales/en/auth.json' with { type: 'json' };
import enCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import enTeam from '../apps/web/src/locales/en/team.json' with { type: 'json' };
import svAuth from '../apps/web/src/locales/sv/auth.json' with { type: 'json' };
import svTeam from '../apps/web/src/locales/sv/team.json' with { type: 'json' };
import {
  api,
  assertAccessible,
  mailsTo,
  openPage,
  openSized,
  PHONE,
  registerAccount,
  screenshot,
  signIn,
  skipOnboarding,
} from './support.mjs';

const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, key) => String(values[key]));

/** A phone of today's common size (390x844), recording problems like openSized does. */
const openPhone = (browser, baseURL, colorScheme) => openSized(browser, baseURL, { ...PHONE, colorScheme });

const noSideScroll = async (page, what) => {
  const overflow = await page.evaluate(() => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth);
  assert.ok(overflow <= 0, `${what} scrolls sideways by ${overflow}px`);
};

/** The accept link of an invitation mail (quoted-printable soft breaks and =3D undone). */
function acceptLink(mail) {
  const text = mail.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const match = /https?:\/\/[^\s"'<>]+\/auth\/accept-invite\?token=[^\s"'<>&]+/.exec(text);
  assert.ok(match, 'the invitation mail has no accept link');
  return new URL(match[0]);
}

/** The invitation among `to`'s mails (an account also has its verification mail), waiting for the outbox. */
async function invitationMail(dataDir, to) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = (await mailsTo(dataDir, to)).findLast((m) => m.replace(/=\r?\n/g, '').includes('accept-invite'));
    if (found !== undefined) return found;
    assert.ok(Date.now() < deadline, `no invitation mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export default async function team({ browser, baseURL, dataDir }) {
  const owner = await registerAccount(baseURL);
  await skipOnboarding(baseURL, owner);
  const colleagueEmail = `e2e-colleague-${process.pid}-${Date.now()}@example.com`;

  // 1. The owner invites a colleague as member from /team.
  {
    const { context, page, assertNoProblems, close } = await openPage(browser, baseURL);
    await signIn(context, baseURL, owner);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: enCommon.nav.team }).first().click();
    await page.waitForURL(/\/team$/);
    await page.getByRole('heading', { level: 1, name: enTeam.list.title }).waitFor();
    const table = page.getByRole('table', { name: enTeam.list.tableLabel });
    await table
      .getByRole('row', { name: /Ada Lovelace/ })
      .getByText(enTeam.list.you, { exact: true })
      .waitFor();
    await page.getByRole('button', { name: enTeam.list.invite }).click();
    const dialog = page.getByRole('dialog', { name: enTeam.invite.title });
    await dialog.getByRole('textbox', { name: enTeam.fields.email }).fill(colleagueEmail);
    assert.equal(await dialog.getByRole('combobox', { name: enTeam.fields.role }).inputValue(), 'member');
    await dialog.getByRole('textbox', { name: enTeam.fields.name }).fill('Grace Hopper');
    await dialog.getByRole('textbox', { name: enTeam.fields.department }).fill('Sales');
    await dialog.getByRole('textbox', { name: enTeam.fields.jobTitle }).fill('Account manager');
    await assertAccessible(page, 'the invite dialog');
    await screenshot(page, 'team-invite-desktop-light', { fullPage: false });
    await dialog.getByRole('button', { name: enTeam.invite.submit }).click();
    await page.getByText(fill(enTeam.invite.sent, { email: colleagueEmail }), { exact: true }).waitFor();
    const row = table.getByRole('row', { name: /Grace Hopper/ });
    await row.getByText(enTeam.status.invited, { exact: true }).waitFor();
    await assertAccessible(page, '/team as owner');
    await screenshot(page, 'team-owner-desktop-light');
    assertNoProblems();
    // Inviting the same address again says what to do instead (its 409 is the browser's one console error).
    await page.getByRole('button', { name: enTeam.list.invite }).click();
    await dialog.getByRole('textbox', { name: enTeam.fields.email }).fill(colleagueEmail);
    await dialog.getByRole('button', { name: enTeam.invite.submit }).click();
    await dialog.getByText(fill(enTeam.errors.conflict, { email: colleagueEmail })).waitFor();
    await screenshot(page, 'team-invite-conflict-desktop-light', { fullPage: false });
    await dialog.getByRole('button', { name: enTeam.invite.cancel }).click();
    await close();
  }

  // 2. The mail, its link, and the accept page in Swedish on a dark phone (looking does not use it).
  const link = acceptLink(await invitationMail(dataDir, colleagueEmail));
  assert.equal(link.origin, new URL(baseURL).origin);
  assert.equal(link.pathname, '/auth/accept-invite');
  const path = `${link.pathname}${link.search}`;
  {
    const { page, assertNoProblems, close } = await openPhone(browser, baseURL, 'dark');
    await page.goto(`/sv${path}`);
    await page.getByRole('heading', { name: fill(svAuth.acceptInvite.title, { organization: 'Booth AB' }) }).waitFor();
    await page.getByRole('button', { name: svAuth.acceptInvite.createAndJoin }).waitFor();
    await noSideScroll(page, 'the accept page on a phone');
    await assertAccessible(page, 'the accept page (sv, dark, phone)');
    await screenshot(page, 'accept-invite-phone-sv-dark');
    assertNoProblems();
    await close();
  }

  // 3. A fresh browser opens the mailed link, sets names and a password, lands as a member.
  {
    const { page, assertNoProblems, close } = await openPage(browser, baseURL);
    await page.goto(path);
    await page.getByRole('heading', { name: fill(enAuth.acceptInvite.title, { organization: 'Booth AB' }) }).waitFor();
    const form = page.getByRole('form', { name: enAuth.acceptInvite.createAndJoin });
    assert.equal(await form.getByRole('textbox', { name: enAuth.fields.firstName }).inputValue(), 'Grace');
    assert.equal(await form.getByRole('textbox', { name: enAuth.fields.lastName }).inputValue(), 'Hopper');
    const passwords = form.locator('input[type="password"]');
    await passwords.nth(0).fill('Invited2026x');
    await passwords.nth(1).fill('Invited2026x');
    await assertAccessible(page, 'the accept page');
    await screenshot(page, 'accept-invite-desktop-light');
    await form.getByRole('button', { name: enAuth.acceptInvite.createAndJoin }).click();
    // Straight to the dashboard: no new-organisation wizard for someone joining one.
    await page.waitForURL(/\/dashboard$/);
    await page.getByText(fill(enAuth.acceptInvite.joined, { organization: 'Booth AB' }), { exact: true }).waitFor();
    await page.getByRole('link', { name: enCommon.nav.team }).first().click();
    await page.waitForURL(/\/team$/);
    const table = page.getByRole('table', { name: enTeam.list.tableLabel });
    const me = table.getByRole('row', { name: /Grace Hopper/ });
    await me.getByText(enTeam.list.you, { exact: true }).waitFor();
    await me.getByText(enCommon.roles.member, { exact: true }).waitFor();
    await page.getByText(enTeam.list.readOnly).waitFor();
    assert.equal(await page.getByRole('button', { name: enTeam.list.invite }).count(), 0);
    assert.equal(await page.getByRole('button', { name: /^Actions for/ }).count(), 0);
    await screenshot(page, 'team-member-desktop-light');
    assertNoProblems();
    await close();
  }

  // The API agrees: the colleague is a joined member with the same id as the invitation.
  const members = await api(
    baseURL,
    'GET',
    `/auth/team/members/?search=${encodeURIComponent(colleagueEmail)}`,
    owner.access,
  );
  assert.equal(members.results.length, 1);
  assert.equal(members.results[0].status, 'joined');
  assert.equal(members.results[0].role, 'member');

  // An existing account (owner of its own organisation) accepts while signed in: one click, and
  // the organisation switcher lists both organisations at once.
  {
    const other = await registerAccount(baseURL, {
      company_name: 'Annan Firma AB',
      first_name: 'Alan',
      last_name: 'Turing',
    });
    await skipOnboarding(baseURL, other);
    await api(baseURL, 'POST', '/auth/team/members/', owner.access, { email: other.email, role: 'viewer' });
    const otherLink = acceptLink(await invitationMail(dataDir, other.email));
    const { context, page, assertNoProblems, close } = await openPage(browser, baseURL);
    await signIn(context, baseURL, other);
    await page.goto('/dashboard');
    await page
      .getByRole('button', { name: fill(enCommon.organization.switcherLabel, { name: 'Annan Firma AB' }) })
      .waitFor();
    await page.goto(`${otherLink.pathname}${otherLink.search}`);
    await page.getByText(fill(enAuth.acceptInvite.signedInAs, { email: other.email })).waitFor();
    await page.getByRole('button', { name: enAuth.acceptInvite.accept }).click();
    await page.waitForURL(/\/dashboard$/);
    const switcher = page.getByRole('button', {
      name: fill(enCommon.organization.switcherLabel, { name: 'Booth AB' }),
    });
    await switcher.click();
    await page
      .getByRole('menuitemradio', { name: /Annan Firma AB/ })
      .or(page.getByRole('menuitem', { name: /Annan Firma AB/ }))
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: enCommon.nav.team }).first().click();
    await page.getByRole('heading', { level: 1, name: enTeam.list.title }).waitFor();
    assert.equal(await page.getByRole('button', { name: enTeam.list.invite }).count(), 0);
    assertNoProblems();
    await close();
  }

  // 4. The owner's /team shows the colleague joined: English light phone, Swedish dark desktop and phone.
  {
    const { context, page, assertNoProblems, close } = await openPhone(browser, baseURL, 'light');
    await signIn(context, baseURL, owner);
    await page.goto('/team');
    const cards = page.getByRole('list', { name: enTeam.list.tableLabel });
    await cards
      .getByRole('listitem')
      .filter({ hasText: 'Grace Hopper' })
      .getByText(enTeam.status.joined, { exact: true })
      .waitFor();
    await noSideScroll(page, '/team on a phone');
    await screenshot(page, 'team-owner-phone-light');
    assertNoProblems();
    await close();
  }
  for (const device of ['desktop', 'phone']) {
    const { context, page, assertNoProblems, close } =
      device === 'desktop'
        ? await openPage(browser, baseURL, { colorScheme: 'dark' })
        : await openPhone(browser, baseURL, 'dark');
    await signIn(context, baseURL, owner);
    await page.goto('/sv/team');
    await page.getByRole('heading', { level: 1, name: svTeam.list.title }).waitFor();
    const list =
      device === 'desktop'
        ? page.getByRole('table', { name: svTeam.list.tableLabel }).getByRole('row')
        : page.getByRole('list', { name: svTeam.list.tableLabel }).getByRole('listitem');
    await list.filter({ hasText: 'Grace Hopper' }).getByText(svTeam.status.joined, { exact: true }).waitFor();
    if (device === 'phone') await noSideScroll(page, '/sv/team on a phone');
    await assertAccessible(page, `/sv/team (dark, ${device})`);
    await screenshot(page, `team-owner-${device}-sv-dark`);
    assertNoProblems();
    await close();
  }
}
