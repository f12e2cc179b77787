import { useEffect, useState } from 'react';
import { fetchFileBlob } from '../session/api.ts';

/**
 * An object URL for a stored file (a photo, a logo): files are served only to a signed-in person,
 * and an <img> cannot send the bearer token, so the bytes are fetched and shown from memory.
 */
export function useFileUrl(path: string | null | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!path) {
      setUrl(undefined);
      return;
    }
    let objectUrl: string | undefined;
    let live = true;
    fetchFileBlob(path)
      .then((b) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(b);
        setUrl(objectUrl);
      })
      .catch(() => setUrl(undefined));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  return url;
}
