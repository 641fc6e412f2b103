import type { ReactNode } from 'react';
import { Notice } from '../../../../components/notice.tsx';
import { ADMIN_TEXTS } from '../../texts.ts';
import { AuthTools } from './auth-tools.tsx';
import { MatchmakingTools } from './matchmaking-tools.tsx';
import { QueueCards } from './queue-cards.tsx';
import { SystemTools } from './system-tools.tsx';
import { TestTools } from './test-tools.tsx';
import { UserTools } from './user-tools.tsx';

const T = ADMIN_TEXTS.overview;

/** The default tab: live queue numbers, then the debug and test tools, then the notes. */
export function OverviewTab({ dummyLogin }: { dummyLogin: ReactNode }) {
  return (
    <div className="admin-stack">
      <QueueCards />
      <section aria-labelledby="admin-debug-title" className="admin-stack">
        <h2 id="admin-debug-title" className="admin-section-title">
          {T.debugTitle}
        </h2>
        <div className="admin-tools">
          <MatchmakingTools />
          <UserTools />
          <SystemTools />
          <TestTools />
          <AuthTools dummyLogin={dummyLogin} />
        </div>
      </section>
      <Notice tone="info" title={T.notesTitle}>
        <ul className="admin-notes">
          {T.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </Notice>
    </div>
  );
}
