// The validation library (its own chunk: vite.config.ts), evaluated on its own (main.tsx) before the schemas use it.
export { ZodError } from 'zod';
