import { z } from 'zod';

// zod, configured once for every schema of the project (imported before any schema is built or parsed).
// - In a browser, no JIT: zod would probe `new Function` on the first parse, and under the site's Content-Security-
//   Policy (no eval) the probe is reported as a violation. The server keeps the faster JIT.
// - Zod speaks Japanese for every message we do not write ourselves.
if ('document' in globalThis) z.config({ jitless: true });
z.config(z.locales.ja());

export { z };
