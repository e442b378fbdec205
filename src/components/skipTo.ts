import type { MouseEvent } from 'react';

/**
 * The skip link's click: focus the target itself instead of following `#id`. A hash change is a router
 * navigation here, and screens that keep their filters in the URL re-render on it, which could drop the
 * focus back to the page start. Plain module: the MUI-free login entry uses it too.
 */
export function skipTo(targetId: string) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
}
