import { Icon } from '../../../../components/icon.tsx';
import { Notice } from '../../../../components/notice.tsx';
import { Skeleton } from '../../../../components/skeleton.tsx';
import { useSingleFlight } from '../../../../lib/use-single-flight.ts';
import { useDiscordSettings } from '../../api/get-discord-settings.ts';
import { useSendDiscordTest } from '../../api/send-discord-test.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { ActionStatus } from '../action-status.tsx';
import { DiscordRecent } from './discord-recent.tsx';
import { DiscordSettingsForm } from './discord-settings-form.tsx';

const T = ADMIN_TEXTS.discord;

/** Discord 連携: the channel's webhook (masked), the kinds announced, the bot's state, a test message, the deliveries. */
export function DiscordSection() {
  const settings = useDiscordSettings();
  const test = useSendDiscordTest();
  const testOnce = useSingleFlight(test);
  return (
    <section className="card" aria-labelledby="admin-discord-title">
      <h2 id="admin-discord-title" className="card__title">
        <Icon name="megaphone" className="card__title-icon" />
        {T.title}
      </h2>
      <p className="field__hint">{T.lead}</p>
      {settings.isPending ? (
        <Skeleton lines={5} />
      ) : settings.isError ? (
        <Notice tone="danger" title={T.loadFailed} live>
          <p>{settings.error.message}</p>
        </Notice>
      ) : (
        <div className="admin-discord">
          <DiscordSettingsForm settings={settings.data} />
          <p className="muted">{T.bot(settings.data.bot_configured)}</p>
          <div className="admin-tool__action">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => testOnce()}
              disabled={test.isPending || settings.data.webhook_url_masked === null}
            >
              <Icon name="send" size={16} />
              {T.test}
            </button>
            <ActionStatus action={test} pending={ADMIN_TEXTS.running}>
              <p>{T.testQueued}</p>
            </ActionStatus>
          </div>
          <DiscordRecent recent={settings.data.recent} />
        </div>
      )}
    </section>
  );
}
