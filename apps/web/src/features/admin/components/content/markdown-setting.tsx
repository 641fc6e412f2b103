import { settingUpdateSchema, validationErrorOf } from '@rankmatch/shared';
import { type FormEvent, useId, useState } from 'react';
import { Markdown } from '../../../../components/markdown.tsx';
import { Notice } from '../../../../components/notice.tsx';
import { useSingleFlight } from '../../../../lib/use-single-flight.ts';
import { useUpdateSetting } from '../../api/update-setting.ts';
import { serverMessageOr } from '../../errors.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { SaveButton } from '../save-button.tsx';

const T = ADMIN_TEXTS.content;

/** A Markdown setting: the text, its live preview (no raw HTML) and the syntax hint; saved with PUT /api/master/settings. */
export function MarkdownSetting({
  id,
  title,
  saved,
  fallback = '',
}: {
  id: 'rules_content' | 'announcement_content';
  title: string;
  /** The server's current text. */
  saved: string;
  /** What the site shows while nothing is saved (the default rules): the editor starts from it. */
  fallback?: string;
}) {
  const showsFallback = !saved.trim() && fallback !== '';
  const initial = showsFallback ? fallback : saved;
  const [value, setValue] = useState(initial);
  const [invalid, setInvalid] = useState<string | null>(null);
  const update = useUpdateSetting();
  const updateOnce = useSingleFlight(update);
  const textareaId = useId();
  const titleId = useId();
  const dirty = value !== initial;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = settingUpdateSchema.safeParse({ id, value });
    setInvalid(parsed.success ? null : validationErrorOf(parsed.error.issues[0]).message);
    if (parsed.success) updateOnce({ id, value });
  };

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {title}
      </h2>
      <form className="admin-markdown" onSubmit={onSubmit}>
        <div className="field admin-markdown__editor">
          <label htmlFor={textareaId} className="field__label">
            {T.editorLabel(title)}
          </label>
          <textarea
            id={textareaId}
            className="input textarea admin-markdown__textarea"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              update.reset();
            }}
            aria-invalid={invalid !== null}
          />
          {showsFallback && !update.isSuccess && <p className="field__hint">{T.showingDefault}</p>}
          {invalid && <p className="field__error">{invalid}</p>}
        </div>
        <MarkdownPreview title={title} value={value} />
        <MarkdownSyntax />
        <div className="admin-form-actions">
          {dirty && <span className="muted">{T.unsaved}</span>}
          <SaveButton pending={update.isPending} disabled={!dirty} />
        </div>
        {update.isSuccess && (
          <Notice tone="success" live>
            <p>{ADMIN_TEXTS.saved}</p>
          </Notice>
        )}
        {update.isError && (
          <Notice tone="danger" live>
            <p>{serverMessageOr(update.error, T.saveFailed)}</p>
          </Notice>
        )}
      </form>
    </section>
  );
}

/** The text as the site will show it (no raw HTML), or that it is empty. */
function MarkdownPreview({ title, value }: { title: string; value: string }) {
  return (
    <section className="admin-markdown__preview" aria-label={`${title} ${T.preview}`}>
      <p className="section-label">{T.preview}</p>
      {value.trim() ? <Markdown>{value}</Markdown> : <p className="muted">{T.previewEmpty}</p>}
    </section>
  );
}

/** The Markdown the site understands, folded. */
function MarkdownSyntax() {
  return (
    <details className="admin-markdown__syntax">
      <summary>{T.syntaxTitle}</summary>
      <ul>
        {T.syntax.map((line) => (
          <li key={line}>
            <code>{line}</code>
          </li>
        ))}
      </ul>
    </details>
  );
}
