// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { click, input, setUpDom, type } from '../../test/dom';
import { sendFeedback } from './api';
import { PublicFeedbackPage } from './feedback-page';

// The footer's feedback page for a visitor (spec: feedback is not members-only): the e-mail the
// answer goes to and the guest captcha are asked for and sent; no member list is fetched.

vi.mock('./api', async (original) => ({
  ...(await original<typeof import('./api')>()),
  fetchCaptcha: vi.fn(async () => 'iVBORw0KGgo='),
  sendFeedback: vi.fn(async () => ({ id: 1 })),
}));
const send = vi.mocked(sendFeedback);

const dom = setUpDom();

describe('feedback from a visitor', () => {
  it('asks for the e-mail and the captcha, and sends them with the text', async () => {
    const client = new QueryClient();
    client.setQueryData(['messages', 'feedback-bounds'], { minWords: 3, maxWords: 300, maxCharacters: 5_000 });
    await dom.render(createElement(QueryClientProvider, { client }, createElement(PublicFeedbackPage)));
    const host = dom.host();
    const textarea = host.querySelector('[data-testid="feedback-content"]') as HTMLTextAreaElement;
    await type(textarea, 'Please add more card games.');
    await type(input(host, 'E-mail'), 'visitor@example.com');
    const captcha = host.querySelector('input[autocomplete="off"], input[name="captcha"]') as HTMLInputElement;
    expect(captcha).not.toBeNull();
    await type(captcha, 'ABCD');
    await click(host.querySelector('[data-testid="feedback-submit"]') as HTMLElement);
    await vi.waitFor(() => expect(send).toHaveBeenCalled());
    expect(send.mock.calls[0]?.[0]).toMatchObject({
      content: 'Please add more card games.',
      visitor: { email: 'visitor@example.com', captcha: 'ABCD' },
    });
    expect(host.querySelector('[data-testid="feedback-list"]')).toBeNull();
    // A visitor has no messages: the answer is said to come to the e-mail they gave.
    await vi.waitFor(() =>
      expect(host.querySelector('[data-testid="feedback-sent"]')?.textContent).toBe(
        'Thank you, your feedback was sent. The answer will come by e-mail to visitor@example.com.',
      ),
    );
  });
});
