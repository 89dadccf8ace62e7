// @vitest-environment happy-dom
import type { ChatroomMessage, ChatroomServerEvent, ChatroomState } from '@gamehall/shared/api/chatroom';
import { act, createElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { click, setUpDom, type } from '../../test/dom';
import { fetchRoom, openRoomSocket, postMessage } from './api';
import { ChatroomPage, mergeMessages } from './chatroom-page';

// The member centre's chat room: the history after the socket is ready, live messages and
// deletions, posting, and a refusal (too fast, muted, banned) shown with its end time.

vi.mock('./api', () => ({
  fetchRoom: vi.fn(),
  postMessage: vi.fn(),
  openRoomSocket: vi.fn(),
}));
const fetched = vi.mocked(fetchRoom);
const posted = vi.mocked(postMessage);
const opened = vi.mocked(openRoomSocket);

const dom = setUpDom();

function message(id: number, text: string, extra: Partial<ChatroomMessage> = {}): ChatroomMessage {
  return { id, seq: id, author: `pl***${id}`, mine: false, text, createdAt: '2026-11-26T10:00:00.000Z', ...extra };
}

function state(messages: ChatroomMessage[], extra: Partial<ChatroomState> = {}): ChatroomState {
  return {
    roomId: 1,
    messages,
    restriction: null,
    canPost: true,
    limits: { textMax: 300, perWindow: 5, windowSeconds: 30 },
    ...extra,
  };
}

let emit: (event: ChatroomServerEvent) => void = () => undefined;

beforeEach(() => {
  fetched.mockReset();
  posted.mockReset();
  opened.mockReset();
  opened.mockImplementation((onEvent, onLive) => {
    emit = (event) => {
      if (event.type === 'ready') onLive(true);
      onEvent(event);
    };
    return { close: () => undefined };
  });
});

const texts = () =>
  [...dom.host().querySelectorAll('[data-testid="chatroom-messages"] li p')].map((p) => p.textContent);

async function open(initial: ChatroomState) {
  fetched.mockResolvedValue(initial);
  await dom.render(createElement(ChatroomPage));
  await act(async () => emit({ type: 'ready', data: { role: 'member', restriction: initial.restriction } }));
  await vi.waitFor(() => expect(fetched).toHaveBeenCalled());
}

describe('the chat room page', () => {
  it('shows the history, then live messages and deletions', async () => {
    await open(state([message(1, 'hello'), message(2, 'hi there')]));
    await vi.waitFor(() => expect(texts()).toEqual(['hello', 'hi there']));
    expect(dom.host().textContent).toContain('up to 300 characters, 5 messages every 30 seconds');
    await act(async () => emit({ type: 'message', data: message(3, 'new one') }));
    // The same message twice (its post's answer and the socket) shows once.
    await act(async () => emit({ type: 'message', data: message(3, 'new one') }));
    expect(texts()).toEqual(['hello', 'hi there', 'new one']);
    await act(async () => emit({ type: 'deleted', data: { id: 2 } }));
    expect(texts()).toEqual(['hello', 'new one']);
  });

  it('posts the text and shows it as the reader’s own', async () => {
    await open(state([]));
    await vi.waitFor(() => expect(dom.host().textContent).toContain('No messages yet'));
    posted.mockResolvedValue(message(7, 'good luck all', { mine: true }));
    await type(dom.host().querySelector('[data-testid="chatroom-input"]') as HTMLInputElement, '  good luck all ');
    await click(dom.host().querySelector('[data-testid="chatroom-send"]') as HTMLElement);
    await vi.waitFor(() => expect(texts()).toEqual(['good luck all']));
    expect(posted).toHaveBeenCalledWith('good luck all');
    expect(dom.host().textContent).toContain('You');
    expect((dom.host().querySelector('[data-testid="chatroom-input"]') as HTMLInputElement).value).toBe('');
  });

  it('keeps the next text typed while the last post was still on its way', async () => {
    await open(state([]));
    let answer: (m: ChatroomMessage) => void = () => undefined;
    posted.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const field = dom.host().querySelector('[data-testid="chatroom-input"]') as HTMLInputElement;
    await type(field, 'first');
    await click(dom.host().querySelector('[data-testid="chatroom-send"]') as HTMLElement);
    await act(async () => emit({ type: 'message', data: message(8, 'first', { mine: true }) }));
    await type(field, 'second');
    await act(async () => answer(message(8, 'first', { mine: true })));
    expect(texts()).toEqual(['first']);
    expect(field.value).toBe('second');
  });

  it('says why a post is refused and keeps the text', async () => {
    await open(state([]));
    posted.mockRejectedValue(new ApiError('CHATROOM_RATE_LIMITED', '', 429, { retryAfterSeconds: 12 }));
    const field = dom.host().querySelector('[data-testid="chatroom-input"]') as HTMLInputElement;
    await type(field, 'spam spam');
    await click(dom.host().querySelector('[data-testid="chatroom-send"]') as HTMLElement);
    await vi.waitFor(() =>
      expect(dom.host().querySelector('[data-testid="chatroom-error"]')?.textContent).toBe(
        'You are sending messages too fast, please wait a moment',
      ),
    );
    expect(field.value).toBe('spam spam');
  });

  it('shows a mute with its end time and takes the form away', async () => {
    await open(state([message(1, 'hello')]));
    // An hour from now: the page reloads the room once a mute has ended.
    const until = new Date(Date.now() + 60 * 60_000).toISOString();
    posted.mockRejectedValue(new ApiError('CHATROOM_MUTED', '', 403, { until }));
    await type(dom.host().querySelector('[data-testid="chatroom-input"]') as HTMLInputElement, 'hey');
    await click(dom.host().querySelector('[data-testid="chatroom-send"]') as HTMLElement);
    await vi.waitFor(() =>
      expect(dom.host().querySelector('[data-testid="chatroom-restriction"]')?.textContent).toBe(
        `You are muted until ${new Date(until).toLocaleString()}: you can read the room but not post.`,
      ),
    );
    expect(dom.host().querySelector('[data-testid="chatroom-input"]')).toBeNull();
    expect(texts()).toEqual(['hello']);
  });

  it('clears the room when the reader is banned live', async () => {
    await open(state([message(1, 'hello')]));
    await vi.waitFor(() => expect(texts()).toEqual(['hello']));
    await act(async () => emit({ type: 'restriction', data: { kind: 'ban', until: null } }));
    expect(texts()).toEqual([]);
    expect(dom.host().querySelector('[data-testid="chatroom-restriction"]')?.textContent).toBe(
      'You are banned from the chat room until a moderator lifts the ban.',
    );
    expect(dom.host().querySelector('[data-testid="chatroom-input"]')).toBeNull();
  });
});

describe('mergeMessages', () => {
  it('keeps one of each id, in seq order', () => {
    const merged = mergeMessages([message(2, 'b'), message(1, 'a')], [message(3, 'c'), message(2, 'b')]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
  });
});
