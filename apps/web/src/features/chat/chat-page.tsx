import type { ChatConversation, ChatMessage, ChatServerEvent } from '@gamehall/shared/api/chat';
import { ChatBubble } from '@gamehall/ui/chat-bubble';
import { Headset, ImagePlus, Send } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import {
  attachmentUrl,
  becomeVisitor,
  type ChatSocket,
  currentConversation,
  markRead,
  openChatSocket,
  openConversation,
  readVisitor,
  sendImage,
  sendText,
} from './api';

/**
 * The live chat window (spec §7 chatUrl): full screen on phones, and what a popup opened
 * from the customer-service buttons shows. A member is known; a visitor gives a name first.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const [visitor, setVisitor] = useState(() => readVisitor());
  const known = Boolean(token) || visitor !== null;
  return (
    <main className="flex h-dvh flex-col bg-(--surface) text-(--text)">
      <header className="flex items-center gap-2 border-b border-(--border) px-4 py-3">
        <Headset size={20} aria-hidden className="text-(--accent)" />
        <h1 className="font-semibold">{t('chat.title')}</h1>
      </header>
      {known ? <ChatWindow /> : <VisitorForm onDone={() => setVisitor(readVisitor())} />}
    </main>
  );
}

function VisitorForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await becomeVisitor(name.trim());
      onDone();
    } catch (err) {
      setError(errorMessage(t, err));
    }
  };
  return (
    <form onSubmit={submit} className="mx-auto flex w-full max-w-sm flex-col gap-3 p-6">
      <p className="text-(--text-muted)">{t('chat.visitorIntro')}</p>
      <label className="flex flex-col gap-1 text-sm">
        {t('chat.yourName')}
        <input
          data-testid="chat-visitor-name"
          className="rounded-md border border-(--border) bg-(--surface-raised) px-3 py-2"
          value={name}
          maxLength={40}
          required
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      {error && (
        <p role="alert" className="text-sm text-(--danger)">
          {error}
        </p>
      )}
      <button
        type="submit"
        data-testid="chat-visitor-start"
        className="rounded-md bg-(--accent) px-4 py-2 font-semibold text-(--accent-contrast)"
      >
        {t('chat.start')}
      </button>
    </form>
  );
}

function ChatWindow() {
  const { t } = useTranslation();
  const [conversation, setConversation] = useState<ChatConversation | null | undefined>(undefined);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [live, setLive] = useState(false);
  const [typing, setTyping] = useState(false);
  const [operatorRead, setOperatorRead] = useState(0);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const lastSeq = useRef(0);
  const socket = useRef<ChatSocket | null>(null);
  const bottom = useRef<HTMLLIElement | null>(null);

  const start = useCallback(async () => {
    setError(null);
    try {
      const current = await currentConversation();
      setConversation(current && current.state !== 'closed' ? current : await openConversation());
    } catch (err) {
      setError(errorMessage(t, err));
      setConversation(null);
    }
  }, [t]);

  useEffect(() => {
    void start();
  }, [start]);

  const id = conversation?.id;
  useEffect(() => {
    if (id === undefined) return;
    lastSeq.current = 0;
    setMessages([]);
    const onEvent = (event: ChatServerEvent) => {
      if (event.type === 'message') {
        const m = event.data;
        if (m.seq <= lastSeq.current) return;
        lastSeq.current = m.seq;
        setMessages((all) => [...all, m]);
        if (m.sender !== 'customer' && document.visibilityState === 'visible')
          void markRead(m.conversationId, m.seq).catch(() => undefined);
      } else if (event.type === 'typing') {
        setTyping(true);
        setTimeout(() => setTyping(false), 3_000);
      } else if (event.type === 'read' && event.data.by === 'operator') {
        setOperatorRead(event.data.seq);
      } else if (event.type === 'conversation') {
        setConversation((c) => (c ? { ...c, state: event.data.state } : c));
      }
    };
    const s = openChatSocket(id, () => lastSeq.current, onEvent, setLive);
    socket.current = s;
    return () => s.close();
  }, [id]);

  useEffect(() => {
    if (messages.length > 0) bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  if (conversation === undefined) return <p className="p-6" aria-busy="true" />;
  if (conversation === null)
    return (
      <p role="alert" className="p-6 text-(--danger)">
        {error}
      </p>
    );

  const closed = conversation.state === 'closed';
  const send = async (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    if (!body) return;
    setText('');
    setError(null);
    try {
      await sendText(conversation.id, body);
    } catch (err) {
      setText(body);
      setError(errorMessage(t, err));
    }
  };

  return (
    <>
      <p className="border-b border-(--border) px-4 py-2 text-xs text-(--text-muted)" data-testid="chat-state">
        {t(`chat.state.${conversation.state}`)}
        {!live && ` · ${t('chat.connecting')}`}
      </p>
      <ol className="flex flex-1 flex-col gap-2 overflow-y-auto p-4" data-testid="chat-messages" aria-live="polite">
        {messages.map((m) => (
          <ChatBubble
            key={m.seq}
            mine={m.sender === 'customer'}
            senderName={m.senderName}
            image={m.attachmentId !== null && <Attachment id={m.attachmentId} />}
            text={m.text}
            footer={m.sender === 'customer' && m.seq <= operatorRead && t('chat.read')}
          />
        ))}
        {typing && <li className="text-xs text-(--text-muted)">{t('chat.typing')}</li>}
        <li ref={bottom} aria-hidden />
      </ol>
      {error && (
        <p role="alert" className="px-4 text-sm text-(--danger)">
          {error}
        </p>
      )}
      {closed ? (
        <div className="border-t border-(--border) p-3">
          <button
            type="button"
            onClick={() => void openConversation().then(setConversation)}
            className="w-full rounded-md bg-(--accent) px-4 py-2 font-semibold text-(--accent-contrast)"
          >
            {t('chat.newChat')}
          </button>
        </div>
      ) : (
        <form onSubmit={send} className="flex items-center gap-2 border-t border-(--border) p-3">
          <label className="cursor-pointer text-(--text-muted)" title={t('chat.image')}>
            <ImagePlus size={22} aria-label={t('chat.image')} />
            <input
              type="file"
              accept="image/png,image/jpeg"
              className="sr-only"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void sendImage(conversation.id, file).catch((err: unknown) => setError(errorMessage(t, err)));
              }}
            />
          </label>
          <input
            data-testid="chat-input"
            aria-label={t('chat.message')}
            placeholder={t('chat.placeholder')}
            className="min-w-0 flex-1 rounded-full border border-(--border) bg-(--surface-raised) px-4 py-2"
            value={text}
            maxLength={2000}
            onChange={(e) => {
              setText(e.target.value);
              socket.current?.typing();
            }}
          />
          <button
            type="submit"
            data-testid="chat-send"
            aria-label={t('chat.send')}
            className="grid size-10 place-items-center rounded-full bg-(--accent) text-(--accent-contrast)"
          >
            <Send size={18} aria-hidden />
          </button>
        </form>
      )}
    </>
  );
}

function Attachment({ id }: { id: number }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    void attachmentUrl(id)
      .then((u) => {
        made = u;
        setUrl(u);
      })
      .catch(() => undefined);
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [id]);
  return url ? <img src={url} alt="" className="mb-1 max-h-60 rounded-lg" /> : null;
}
