import { useCallback, useState, type MouseEvent } from 'react';

/**
 * A header popup (menu, panel) whose code is a lazy chunk: `everOpened` turns true on the first open and
 * stays true, so the chunk loads then and the popup stays mounted afterwards (closing animates and the
 * focus returns to its button).
 */
export function useLazyPopup() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [everOpened, setEverOpened] = useState(false);
  const open = useCallback((event: MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    setEverOpened(true);
  }, []);
  const close = useCallback(() => setAnchor(null), []);
  return { anchor, everOpened, open, close };
}
