import { CHAT_PATH } from '@gamehall/shared/constants';
import type { MouseEvent } from 'react';

/**
 * The customer-service buttons' click: on a wide screen the chat opens in a popup window (the page
 * stays where it is); on a phone, or when popups are blocked, the link opens the chat full screen.
 */
export function openChatWindow(event: MouseEvent<HTMLAnchorElement>): void {
  if (window.matchMedia('(max-width: 640px)').matches) return;
  const popup = window.open(CHAT_PATH, 'gamehall-chat', 'popup,width=420,height=680');
  if (popup) event.preventDefault();
}
