import { LOBBY_CREATE_TIMEOUT, LOBBY_JOIN_TIMEOUT, READY_CHECK_SECONDS } from '@rankmatch/shared';
import { Icon } from '../../../../components/icon.tsx';
import { Notice } from '../../../../components/notice.tsx';
import { Skeleton } from '../../../../components/skeleton.tsx';
import { useMaster } from '../../../../lib/master.ts';
import { defaultRulesMarkdown } from '../../../../lib/texts.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { DiscordSection } from './discord-section.tsx';
import { MarkdownSetting } from './markdown-setting.tsx';
import { TimeoutSetting } from './timeout-setting.tsx';
import './content.css';

const T = ADMIN_TEXTS.content;

/**
 * Site content: the rules and announcement (Markdown with a live preview), the two lobby timeouts, the ready check's
 * time (0 = none), Discord 連携.
 */
export function ContentTab({ adminId }: { adminId: string }) {
  const master = useMaster(adminId);
  if (master.isPending) return <Skeleton lines={8} />;
  if (master.isError) {
    return (
      <Notice tone="danger" title={T.loadFailed} live>
        <p>{master.error.message}</p>
      </Notice>
    );
  }
  const settings = master.data.settings;
  return (
    <div className="admin-stack">
      <MarkdownSetting
        id="rules_content"
        title={T.rulesTitle}
        saved={settings.rules_content}
        fallback={defaultRulesMarkdown()}
      />
      <MarkdownSetting id="announcement_content" title={T.announcementTitle} saved={settings.announcement_content} />
      <section className="card" aria-labelledby="admin-timeouts-title">
        <h2 id="admin-timeouts-title" className="card__title">
          <Icon name="clock" className="card__title-icon" />
          {T.timeoutsTitle}
        </h2>
        <div className="admin-timeouts">
          <TimeoutSetting
            id="lobby_create_timeout"
            label={T.createTimeout}
            range={LOBBY_CREATE_TIMEOUT}
            saved={settings.lobby_create_timeout}
          />
          <TimeoutSetting
            id="lobby_join_timeout"
            label={T.joinTimeout}
            range={LOBBY_JOIN_TIMEOUT}
            saved={settings.lobby_join_timeout}
          />
        </div>
      </section>
      <section className="card" aria-labelledby="admin-ready-check-title">
        <h2 id="admin-ready-check-title" className="card__title">
          <Icon name="users" className="card__title-icon" />
          {T.readyCheckTitle}
        </h2>
        <p className="muted">{T.readyCheckLead}</p>
        <div className="admin-timeouts">
          <TimeoutSetting
            id="ready_check_seconds"
            label={T.readyCheckSeconds}
            range={{ min: 0, max: READY_CHECK_SECONDS.max }}
            hint={T.readyCheckRange(READY_CHECK_SECONDS.min, READY_CHECK_SECONDS.max)}
            failed={T.readyCheckFailed}
            saved={settings.ready_check_seconds}
          />
        </div>
      </section>
      <DiscordSection />
    </div>
  );
}
