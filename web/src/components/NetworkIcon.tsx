import { useState } from 'react';

/** A network icon (from the chain list) with a lettered fallback. */
export function NetworkIcon({ name, icon, fallback }: { name: string; icon?: string | undefined; fallback?: string }) {
  const [broken, setBroken] = useState(false);
  if (icon && !broken) {
    return <img className="network-icon" src={icon} alt="" width={26} height={26} loading="lazy" onError={() => setBroken(true)} />;
  }
  return (
    <span className="network-dot" aria-hidden="true">
      {fallback ?? name.slice(0, 1)}
    </span>
  );
}
