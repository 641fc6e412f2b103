import { useState } from 'react';

/** A round avatar; without a URL (or when the image fails) the first letter of the name on a tinted circle. */
export function Avatar({ url, name, size = 40 }: { url: string | null | undefined; name: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const initial = [...(name.trim() || '?')][0]?.toUpperCase() ?? '?';
  if (url && !failed) {
    return (
      <img
        className="avatar"
        src={url}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        onError={() => setFailed(true)}
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <span
      className="avatar avatar--fallback"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.42) }}
      aria-hidden="true"
    >
      {initial}
    </span>
  );
}
