import { useSyncExternalStore, type ReactNode } from 'react';

/**
 * The portal's one notifier (spec §9): four variants, one toast at a time, no duplicates, 3000 ms.
 *
 * A module-level queue rather than a React context so the httpClient (plain TypeScript, outside React)
 * and react-admin's useNotify (bridged by RaNotificationBridge) feed the same single <NotificationHost>.
 * Two snackbars (the shell's and react-admin's) could otherwise show at once and repeat each other.
 */
export type NotificationType = 'success' | 'info' | 'warning' | 'error';

/** Why a toast went away: its action was used, it timed out, or the user dismissed it. */
export type CloseReason = 'action' | 'timeout' | 'dismiss';

export interface NotifyOptions {
  type?: NotificationType;
  /** null keeps the toast until dismissed (react-admin's convention). */
  autoHideDuration?: number | null;
  /** An action button, e.g. react-admin's "Undo". Actionable toasts are never dropped as duplicates. */
  action?: { label: string; onClick?: () => void };
  /** Called once when the toast closes (or is dropped by clearNotifications). */
  onClose?: (reason: CloseReason) => void;
  multiLine?: boolean;
}

export interface PortalNotification extends NotifyOptions {
  id: number;
  message: ReactNode;
  type: NotificationType;
}

export const NOTIFICATION_AUTO_HIDE_MS = 3000;

interface State {
  current: PortalNotification | null;
  queue: PortalNotification[];
}

let state: State = { current: null, queue: [] };
let nextId = 1;
const listeners = new Set<() => void>();

function setState(next: State): void {
  state = next;
  listeners.forEach((listener) => listener());
}

function sameContent(a: PortalNotification, message: ReactNode, type: NotificationType): boolean {
  return typeof message === 'string' && a.message === message && a.type === type;
}

/**
 * Queue a toast. Returns false when it was dropped because the same text of the same type is showing
 * or waiting (a failing page often reports one error through several calls).
 */
export function notify(message: ReactNode, options: NotifyOptions = {}): boolean {
  const type = options.type ?? 'info';
  if (message == null || message === '') return false;
  if (!options.action) {
    const all = state.current ? [state.current, ...state.queue] : state.queue;
    if (all.some((n) => !n.action && sameContent(n, message, type))) return false;
  }
  const notification: PortalNotification = { ...options, id: nextId++, message, type };
  if (state.current) setState({ ...state, queue: [...state.queue, notification] });
  else setState({ current: notification, queue: state.queue });
  return true;
}

/** Close the showing toast (the host calls it), then show the next one. */
export function closeNotification(id: number, reason: CloseReason): void {
  const { current, queue } = state;
  if (!current || current.id !== id) return;
  const [next = null, ...rest] = queue;
  setState({ current: next, queue: rest });
  current.onClose?.(reason);
}

/** Drop everything (tests, logout). Pending callbacks run as dismissed so undoable work still settles. */
export function clearNotifications(): void {
  const pending = state.current ? [state.current, ...state.queue] : state.queue;
  setState({ current: null, queue: [] });
  pending.forEach((n) => n.onClose?.('dismiss'));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getCurrentNotification(): PortalNotification | null {
  return state.current;
}

export function getQueuedNotifications(): readonly PortalNotification[] {
  return state.queue;
}

export function useCurrentNotification(): PortalNotification | null {
  return useSyncExternalStore(subscribe, getCurrentNotification, getCurrentNotification);
}
