// e2e: beside own-accounts-b
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import { type ConsoleOperator, consoleSignIn, createOperator } from '../../support/console';

// Live chat in the browser: a support operator signs in to the console and goes online; a
// visitor opens the chat window (the side menu's customer-service button leads there), gives a name
// and writes; the conversation is assigned to the operator, who answers from the support inbox; the
// visitor sees the answer live, without a reload.

let visitor: Page;
let desk: Page;
useBrowser(undefined, async (chromium) => {
  visitor = await newPage(chromium);
  desk = await newPage(chromium);
});

const suffix = Date.now().toString(36).slice(-6);
const question = `Where is my deposit ${suffix}?`;
const answer = `It is credited, ${suffix}.`;
let operator: ConsoleOperator;

test('a support operator signs in and goes online', async () => {
  operator = await createOperator('chat', ['support.chat']);
  await consoleSignIn(desk, operator);
  await desk.goto('/console/support/inbox');
  await desk.getByRole('heading', { level: 1, name: 'Support inbox' }).waitFor();
  await desk.getByRole('button', { name: 'Go online' }).click();
  await desk.getByRole('button', { name: 'Go offline' }).waitFor();
});

test('the side menu leads to the chat, where a visitor gives a name and writes', async () => {
  await visitor.goto('/');
  assert.equal(await visitor.getByTestId('side-chat').getAttribute('href'), '/chat');
  await visitor.goto('/chat');
  await visitor.getByTestId('chat-visitor-name').fill(`Visitor ${suffix}`);
  await visitor.getByTestId('chat-visitor-start').click();
  await visitor.getByTestId('chat-state').getByText('Connected to support').waitFor();
  await visitor.getByTestId('chat-input').fill(question);
  await visitor.getByTestId('chat-send').click();
  await visitor.getByTestId('chat-messages').getByText(question).waitFor();
});

test('the operator answers from the inbox and the visitor sees it live', async () => {
  const item = desk.getByTestId('support-conversation').filter({ hasText: `Visitor ${suffix}` });
  await item.waitFor({ timeout: 15_000 });
  await item.click();
  await desk.getByTestId('support-messages').getByText(question).waitFor();
  await desk.getByTestId('support-input').fill(answer);
  await desk.getByTestId('support-send').click();
  await desk.getByTestId('support-messages').getByText(answer).waitFor();
  await visitor.getByTestId('chat-messages').getByText(answer).waitFor({ timeout: 10_000 });
  await screenshot(visitor, 'support-chat-visitor');
  await screenshot(desk, 'support-chat-inbox');
});
