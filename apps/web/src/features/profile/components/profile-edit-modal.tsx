import { profileUpdateSchema, type UserProfile, validationErrorOf } from '@rankmatch/shared';
import { type FormEvent, useId, useState } from 'react';
import { Modal } from '../../../components/modal.tsx';
import { Notice } from '../../../components/notice.tsx';
import { browser } from '../../../lib/browser.ts';
import { useToasts } from '../../../lib/toast/toast-provider.tsx';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { type ProfileInput, useUpdateProfile } from '../api/update-profile.ts';
import { PROFILE_TEXTS as T } from '../texts.ts';
import { FavoritePicker } from './favorite-picker.tsx';
import { BioField, TrainerNameField, TwitterIdField } from './profile-fields.tsx';

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

/** The profile's values, checked with the shared schema once submitted; a valid submit saves and closes. */
function useProfileForm(profile: UserProfile, onClose: () => void) {
  const update = useUpdateProfile(profile.user_id);
  const updateOnce = useSingleFlight(update);
  const toasts = useToasts();
  const [form, setForm] = useState<ProfileInput>({
    trainer_name: profile.trainer_name,
    twitter_id: profile.twitter_id,
    favorite_pokemon: profile.favorite_pokemon,
    bio: profile.bio,
  });
  const [submitted, setSubmitted] = useState(false);

  const check = validateProfile(form);
  const errors: FieldErrors = submitted && !check.ok ? check.errors : {};
  const set = <K extends keyof ProfileInput>(key: K, value: ProfileInput[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!check.ok) return;
    updateOnce(check.value, {
      // The modal closes on the server's answer; the notice says the change was kept.
      onSuccess: () => {
        toasts.show({ title: T.saved });
        onClose();
      },
    });
  };
  return { form, set, errors, onSubmit, update };
}

function ProfileForm({ profile, onClose }: { profile: UserProfile; onClose: () => void }) {
  const { form, set, errors, onSubmit, update } = useProfileForm(profile, onClose);
  const formId = useId();

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
        <TrainerNameField
          value={form.trainer_name}
          onChange={(next) => set('trainer_name', next)}
          error={errors.trainer_name}
        />
        <TwitterIdField
          value={form.twitter_id}
          onChange={(next) => set('twitter_id', next)}
          error={errors.twitter_id}
        />
        <FavoritePicker
          value={form.favorite_pokemon}
          onChange={(next) => set('favorite_pokemon', next)}
          error={errors.favorite_pokemon}
        />
        <BioField value={form.bio} onChange={(next) => set('bio', next)} error={errors.bio} />
        {update.isError && (
          <Notice tone="danger" live title={T.saveFailed}>
            <p>{update.error.message}</p>
          </Notice>
        )}
      </form>
    </Modal>
  );
}
