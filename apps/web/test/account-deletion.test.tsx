import {
  ACCOUNT_DELETION_GRACE_SECONDS,
  DELETED_PLAYER_NAME,
  ERRORS,
  formatDateTime,
  type MyDeletion,
} from '@rankmatch/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountDeletion } from '../src/features/profile/components/account-deletion.tsx';
import { buildProfile } from '../src/testing/data.ts';
import { createFakeFetch, type Handlers } from '../src/testing/fake-fetch.ts';
import { createTestQueryClient, signInAs } from '../src/testing/render-app.tsx';

// アカウントの削除 on my page: it says what goes and what stays; the request needs the box ticked and goes once per
// double tap; while pending it shows when the deletion is due and cancels once per double tap; refusals show as said.

const REQUESTED_AT = Date.UTC(2026, 10, 28, 3) / 1000;
const PENDING: MyDeletion = { requested_at: REQUESTED_AT, due_at: REQUESTED_AT + ACCOUNT_DELETION_GRACE_SECONDS };
const NONE: MyDeletion = { requested_at: null, due_at: null };

/** An answer the test releases by hand (a slow phone: both taps of a double tap come before it). */
function later() {
  let answer: (value: { body: unknown }) => void = () => {};
  const promise = new Promise<{ body: unknown }>((resolve) => {
    answer = resolve;
  });
  return { promise, answer };
}

function renderDeletion(handlers: Handlers) {
  signInAs(buildProfile());
  const server = createFakeFetch(handlers);
  vi.stubGlobal('fetch', server.fetch);
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <AccountDeletion userId="dummy_02" />
    </QueryClientProvider>,
  );
  return server;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('account deletion', () => {
  it('explains what goes and what stays, and asks once after the box is ticked', async () => {
    const slow = later();
    const server = renderDeletion({
      'GET /api/users/me/deletion': { body: NONE },
      'POST /api/users/me/deletion': () => slow.promise,
    });
    const button = await screen.findByRole('button', { name: 'アカウントの削除を申請する' });
    expect(screen.getByText(/名前は「退会したプレイヤー」と表示され/)).toBeInTheDocument();
    expect(
      screen.getByText(/購入履歴（注文）は、法令で保存が求められる売上の記録として7年間保存します/),
    ).toBeInTheDocument();
    expect(screen.getByText(/申請から7日後に削除されます/)).toBeInTheDocument();
    expect(DELETED_PLAYER_NAME).toBe('退会したプレイヤー');

    // Not without the confirmation.
    expect(button).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /アカウントの削除を申請します/ }));
    expect(button).toBeEnabled();
    await userEvent.dblClick(button);
    slow.answer({ body: PENDING });

    expect(
      await screen.findByText(
        `アカウントの削除を申請しています。${formatDateTime(PENDING.due_at as number)}以降に削除されます。`,
      ),
    ).toBeInTheDocument();
    expect(server.callsTo('POST /api/users/me/deletion')).toHaveLength(1);
    expect(server.callsTo('POST /api/users/me/deletion')[0]?.body).toEqual({ confirm: true });
    expect(screen.getByRole('button', { name: '削除を取り消す' })).toBeInTheDocument();
  });

  it('cancels a pending deletion once per double tap and says so', async () => {
    const slow = later();
    const server = renderDeletion({
      'GET /api/users/me/deletion': { body: PENDING },
      'DELETE /api/users/me/deletion': () => slow.promise,
    });
    await userEvent.dblClick(await screen.findByRole('button', { name: '削除を取り消す' }));
    slow.answer({ body: NONE });
    expect(await screen.findByText('削除を取り消しました。アカウントはそのまま残ります。')).toBeInTheDocument();
    expect(server.callsTo('DELETE /api/users/me/deletion')).toHaveLength(1);
    // The request form is back, with its box unticked.
    expect(screen.getByRole('checkbox', { name: /アカウントの削除を申請します/ })).not.toBeChecked();
  });

  it("shows the server's refusal when the hour's changes are spent", async () => {
    renderDeletion({
      'GET /api/users/me/deletion': { body: NONE },
      'POST /api/users/me/deletion': {
        status: 429,
        body: { error: ERRORS.ACCOUNT_DELETION_TOO_OFTEN.message, code: 'ACCOUNT_DELETION_TOO_OFTEN' },
      },
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: /アカウントの削除を申請します/ }));
    await userEvent.click(screen.getByRole('button', { name: 'アカウントの削除を申請する' }));
    expect(await screen.findByText(ERRORS.ACCOUNT_DELETION_TOO_OFTEN.message)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '削除を取り消す' })).not.toBeInTheDocument();
  });
});
