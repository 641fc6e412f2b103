import { BIO_MAX, profileUpdateSchema, type UserProfile, validationErrorOf, visibleLength } from '@rankmatch/shared';
import { type FormEvent, useId, useState } from 'react';
import { Modal } from '../../../components/modal.tsx';
import { Notice } from '../../../components/notice.tsx';
import { browser } from '../../../lib/browser.ts';
import { useToasts } from '../../../lib/toast/toast-provider.tsx';
import { type ProfileInput, useUpdateProfile } from '../api/update-profile.ts';
import { PROFILE_TEXTS as T } from '../texts.ts';
import { FavoritePicker } from './favorite-picker.tsx';

type FieldErrors = Partial<Record<keyof ProfileInput, string>>;

/** Checks the form with the shared profile schema; the first message of each field. */
export function validateProfile(
  input: ProfileInput,
): { ok: true; value: ProfileInput } | { ok: false; errors: FieldErrors } {
  const parsed = profileUpdateSchema.safeParse(input);
  if (parsed.success) {
    const v = parsed.data;
    return {
      ok: true,
      value: {
        trainer_name: v.trainer_name,
        twitter_id: v.twitter_id ?? '',
        favorite_pokemon: v.favorite_pokemon ?? [],
        bio: v.bio ?? '',
      },
    };
  }
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ProfileInput | undefined;
    if (field && !errors[field]) errors[field] = validationErrorOf(issue).message;
  }
  return { ok: false, errors };
}

/** Profile edit: trainer name, X id, favourites and bio, validated inline, saved optimistically. */
export function ProfileEditModal({ profile, onClose }: { profile: UserProfile | undefined; onClose: () => void }) {
  if (!profile) {
    return (
      <Modal title={T.editTitle} onClose={onClose}>
        <Notice tone="danger" title={T.userMissing}>
          <button type="button" className="button button--primary" onClick={() => browser.reload()}>
            {T.reload}
          </button>
        </Notice>
      </Modal>
    );
  }
  return <ProfileForm profile={profile} onClose={onClose} />;
}

function ProfileForm({ profile, onClose }: { profile: UserProfile; onClose: () => void }) {
  const update = useUpdateProfile(profile.user_id);
  const toasts = useToasts();
  const [form, setForm] = useState<ProfileInput>({
    trainer_name: profile.trainer_name,
    twitter_id: profile.twitter_id,
    favorite_pokemon: profile.favorite_pokemon,
    bio: profile.bio,
  });
  const [submitted, setSubmitted] = useState(false);
  const formId = useId();
  const ids = { name: useId(), twitter: useId(), bio: useId(), counter: useId() };

  const check = validateProfile(form);
  const errors: FieldErrors = submitted && !check.ok ? check.errors : {};
  const bioLength = visibleLength(form.bio);
  const set = <K extends keyof ProfileInput>(key: K, value: ProfileInput[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!check.ok) return;
    update.mutate(check.value, {
      // The modal closes on the server's answer; the notice says the change was kept.
      onSuccess: () => {
        toasts.show({ title: T.saved });
        onClose();
      },
    });
  };

  const describedBy = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join(' ') || undefined;

  return (
    <Modal
      title={T.editTitle}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {T.cancel}
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={update.isPending}>
            {update.isPending ? T.saving : T.save}
          </button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <div className="field__label-row">
            <label htmlFor={ids.name} className="field__label">
              {T.trainerName}
            </label>
            <span className="field__required" aria-hidden="true">
              {T.required}
            </span>
          </div>
          <input
            id={ids.name}
            className="input"
            value={form.trainer_name}
            onChange={(e) => set('trainer_name', e.target.value)}
            aria-invalid={errors.trainer_name ? true : undefined}
            aria-describedby={describedBy(`${ids.name}-hint`, errors.trainer_name && `${ids.name}-error`)}
            aria-required="true"
            autoComplete="nickname"
            data-autofocus
          />
          <p id={`${ids.name}-hint`} className="field__hint">
            {T.trainerNameHint}
          </p>
          {errors.trainer_name && (
            <p id={`${ids.name}-error`} className="field__error">
              {errors.trainer_name}
            </p>
          )}
        </div>

        <div className="field">
          <label htmlFor={ids.twitter} className="field__label">
            {T.twitterId}
          </label>
          <div className="input-prefix">
            <span aria-hidden="true">@</span>
            <input
              id={ids.twitter}
              className="input"
              value={form.twitter_id}
              onChange={(e) => set('twitter_id', e.target.value)}
              aria-invalid={errors.twitter_id ? true : undefined}
              aria-describedby={describedBy(`${ids.twitter}-hint`, errors.twitter_id && `${ids.twitter}-error`)}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <p id={`${ids.twitter}-hint`} className="field__hint">
            {T.twitterHint}
          </p>
          {errors.twitter_id && (
            <p id={`${ids.twitter}-error`} className="field__error">
              {errors.twitter_id}
            </p>
          )}
        </div>

        <FavoritePicker
          value={form.favorite_pokemon}
          onChange={(next) => set('favorite_pokemon', next)}
          error={errors.favorite_pokemon}
        />

        <div className="field">
          <div className="field__label-row">
            <label htmlFor={ids.bio} className="field__label">
              {T.bio}
            </label>
            <span
              id={ids.counter}
              className={bioLength > BIO_MAX ? 'field__counter text-danger' : 'field__counter'}
              data-testid="bio-counter"
            >
              <span aria-hidden="true">{T.bioCounter(bioLength, BIO_MAX)}</span>
              <span className="visually-hidden">{T.bioCounterLabel(bioLength, BIO_MAX)}</span>
            </span>
          </div>
          <textarea
            id={ids.bio}
            className="input textarea"
            rows={4}
            value={form.bio}
            onChange={(e) => set('bio', e.target.value)}
            aria-invalid={errors.bio ? true : undefined}
            aria-describedby={describedBy(ids.counter, errors.bio && `${ids.bio}-error`)}
          />
          {errors.bio && (
            <p id={`${ids.bio}-error`} className="field__error">
              {errors.bio}
            </p>
          )}
        </div>

        {update.isError && (
          <Notice tone="danger" live title={T.saveFailed}>
            <p>{update.error.message}</p>
          </Notice>
        )}
      </form>
    </Modal>
  );
}
