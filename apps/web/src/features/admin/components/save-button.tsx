import { ADMIN_TEXTS } from '../texts.ts';

/** The panel's 保存 (保存中… and off while saving; off too when there is nothing to save). */
export function SaveButton({ pending, disabled = false }: { pending: boolean; disabled?: boolean }) {
  return (
    <button type="submit" className="button button--primary" disabled={pending || disabled}>
      {pending ? ADMIN_TEXTS.saving : ADMIN_TEXTS.save}
    </button>
  );
}
