import { useEffect, useState } from 'react';

/**
 * A downloaded file as an object URL for an <img>, fetched again when `key` changes and revoked when it
 * changes or the component goes. `load` null: nothing (e.g. a closed dialog).
 */
export function useBlobUrl(load: (() => Promise<{ blob: unknown }>) | null, key: string): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!load) return;
    let url: string | null = null;
    let live = true;
    load()
      .then((file) => {
        if (!live || !(file.blob instanceof Blob)) return;
        url = URL.createObjectURL(file.blob);
        setSrc(url);
      })
      .catch(() => setSrc(null));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
    // `key` names what `load` fetches; the function itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, load === null]);
  return src;
}
