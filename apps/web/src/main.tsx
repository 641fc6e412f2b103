import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder until the web-app issue lands: the API under /api is complete.
function Placeholder() {
  return (
    <main style={{ fontFamily: 'sans-serif', padding: 24 }}>
      <h1>rankmatch</h1>
      <p>ポケモンユナイトのランクマッチサイトです。画面は準備中です（API は /api で利用できます）。</p>
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Placeholder />
    </StrictMode>,
  );
}
