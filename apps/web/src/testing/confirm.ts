import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The site's confirm dialog (an alertdialog named by its title), its paragraphs, and a way to answer it. */
export async function confirmDialog(title: string) {
  const dialog = await screen.findByRole('alertdialog', { name: title });
  const paragraphs = [...dialog.querySelectorAll('.confirm-dialog__message p')].map((p) => p.textContent ?? '');
  return {
    dialog,
    /** The question as window.confirm had it: paragraphs joined by blank lines. */
    message: paragraphs.join('\n\n'),
    answer: (user: UserEvent, button: string) => user.click(within(dialog).getByRole('button', { name: button })),
  };
}

/** Answers the confirm dialog titled `title` with `button` (its confirm label, or キャンセル). */
export async function answerConfirm(user: UserEvent, title: string, button: string): Promise<string> {
  const confirm = await confirmDialog(title);
  await confirm.answer(user, button);
  return confirm.message;
}
