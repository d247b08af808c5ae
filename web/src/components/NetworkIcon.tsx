import { useState } from 'react';
import { serverAssetUrl } from '@/api/client';

/** A network (or token) icon from the server's lists or the app's own, with a lettered fallback. */
export function NetworkIcon({ name, icon, fallback }: { name: string; icon?: string | undefined; fallback?: string }) {
  const [broken, setBroken] = useState(false);
  if (icon && !broken) {
    return <img className="network-icon" src={serverAssetUrl(icon)} alt="" width={26} height={26} loading="lazy" onError={() => setBroken(true)} />;
  }
  return (
    <span className="network-dot" aria-hidden="true">
      {fallback ?? name.slice(0, 1)}
    </span>
  );
}
