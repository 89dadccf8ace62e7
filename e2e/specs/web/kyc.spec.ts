// e2e: beside own-accounts
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { seriousAxeViolations } from '../../support/axe';
import { newPage } from '../../support/browser';
import { call, closeMemberPopup, operatorPost, registerFromModal, tokenOf } from '../../support/site';
import { useSiteBrowser } from './web-build';

// The member centre's Verification page (docs/kyc.md): a new member enters the details,
// uploads the identity front, sees it waiting, and after an operator rejects it sees the reason.

useSiteBrowser(async (chromium) => {
  page = await newPage(chromium);
});
let page: Page;
const username = `kyc${Date.now().toString(36).slice(-8)}`;

test('a member enters the details, uploads the identity front and sees the rejection reason', async () => {
  await registerFromModal(page, { username, password: 'Secret123', payeeName: 'Kyc Tester' });
  await closeMemberPopup(page);
  await page.goto('/member/verification');
  await page.getByRole('heading', { level: 1, name: 'Identity verification' }).waitFor();
  await page.getByTestId('kyc-level').filter({ hasText: 'Level 0' }).waitFor();
  await page.getByLabel('Full name').fill('Kyc Tester');
  await page.getByLabel('Birthday').fill('1990-05-17');
  await page.getByRole('button', { name: 'Save details' }).click();
  await page.getByText('Details saved').waitFor();
  await page.getByTestId('kyc-needs').filter({ hasText: 'bind a mobile number' }).waitFor();

  const card = page.getByTestId('kyc-upload-id_front');
  const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  await card
    .getByLabel('Identity document (front)')
    .setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: png });
  await card.getByRole('button', { name: 'Upload' }).click();
  await page.getByTestId('kyc-status-id_front').filter({ hasText: 'Waiting for review' }).waitFor();

  const mine = await call<{ documents: { id: number }[] }>('GET', '/wps/kyc', await tokenOf(page));
  const id = mine.value?.documents[0]?.id;
  assert.ok(id);
  await operatorPost(`/admin/kyc/documents/${id}/reject`, { reason: 'Blurred photo' });
  await page.reload();
  await page.getByTestId('kyc-status-id_front').filter({ hasText: 'Reason: Blurred photo' }).waitFor();
  assert.deepEqual(await seriousAxeViolations(page), []);
});
