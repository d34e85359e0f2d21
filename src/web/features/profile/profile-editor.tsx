import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Select, Space, Switch, Tag, Typography } from 'antd';
import TextArea from 'antd/es/input/TextArea';
import { DeleteOutlined, LockOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { FormInstance } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DETAIL_VISIBILITIES, INTERESTS, LANGUAGE_CODES, PROFILE_LIST_MAX, type InterestCode, type Profile, type UpdateProfileBody } from '#shared/api/profiles.ts';
import { LocationPicker } from '../../components/location-picker.tsx';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback } from '../../lib/feedback.ts';
import { translateValidation } from '../../lib/form-rules.ts';
import { checkImageFile, imageProblemOf } from '../../lib/image-file.ts';
import { profileKeys, profilesApi } from '../../lib/profiles-api.ts';
import { InterestIconOf } from './interest-icons.tsx';
import { languageName, Panel } from './profile-view.tsx';

const PERIOD = /^\d{4}(-(0[1-9]|1[0-2]))?$/;
type EntryValues = { title?: string; place?: string; from?: string; to?: string; description?: string };
const blank = (v: string | undefined | null) => (v?.trim() ? v.trim() : null);
const entriesOut = (list: EntryValues[] | undefined) =>
  (list ?? []).map((e) => ({ title: (e.title ?? '').trim(), place: (e.place ?? '').trim(), from: blank(e.from), to: blank(e.to), description: blank(e.description) }));

/** The server's field messages ("experience.0.to") on the form's fields (["experience", 0, "to"]); whether any matched. */
function showFieldErrors(form: FormInstance, fields: Record<string, string>, roots: readonly string[]): boolean {
  const mine = Object.entries(fields).filter(([name]) => roots.includes(name.split('.')[0]));
  form.setFields(mine.map(([name, message]) => ({ name: name.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), errors: [translateValidation(message)] })));
  return mine.length > 0;
}

/** Saves part of the own profile and keeps the answer as the profile's data. */
function useSave(userId: string, form: FormInstance | null, roots: readonly string[]) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => profilesApi.update(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKeys.person(userId), saved);
      void queryClient.invalidateQueries({ queryKey: profileKeys.all, predicate: (q) => q.queryKey[1] === 'organisation' });
      feedback().message.success(t('profile.saved'));
    },
    onError: (error) => {
      if (isApiFailure(error) && form && error.status === 422 && showFieldErrors(form, error.fields, roots)) return;
      if (!isApiFailure(error) || !error.notified) feedback().notification.error({ title: t('errors.server') });
    },
  });
}

function SaveButton({ loading }: { loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Button type="primary" htmlType="submit" loading={loading}>
      {t('profile.save')}
    </Button>
  );
}

/** The cover picture's buttons, over the cover: upload (checked here first) and remove. */
export function CoverEditor({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const done = (message: string) => (saved: Profile) => {
    queryClient.setQueryData(profileKeys.person(profile.user_id), saved);
    feedback().message.success(message);
  };
  const onError = (error: unknown) => {
    if (!isApiFailure(error)) return setProblem(t('errors.server'));
    const known = imageProblemOf(error.code);
    if (known) return setProblem(known === 'type' ? t('profile.avatar_type') : t('profile.avatar_too_large'));
    if (!error.notified) setProblem(t('errors.server'));
  };
  const upload = useMutation({ mutationFn: profilesApi.uploadCover, onMutate: () => setProblem(null), onSuccess: done(t('profile.cover_saved')), onError });
  const remove = useMutation({ mutationFn: profilesApi.removeCover, onMutate: () => setProblem(null), onSuccess: done(t('profile.cover_removed')), onError });
  return (
    <div className="fyn-profile-cover-actions">
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="fyn-visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="cover-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          const local = checkImageFile(file);
          if (local) return setProblem(local === 'type' ? t('profile.avatar_type') : t('profile.avatar_too_large'));
          upload.mutate(file);
        }}
      />
      <Space wrap>
        <Button icon={<UploadOutlined aria-hidden="true" />} loading={upload.isPending} onClick={() => input.current?.click()} title={t('profile.cover_hint')}>
          {profile.cover_url ? t('profile.cover_replace') : t('profile.cover_upload')}
        </Button>
        {profile.cover_url && (
          <Button icon={<DeleteOutlined aria-hidden="true" />} loading={remove.isPending} onClick={() => remove.mutate()}>
            {t('profile.cover_remove')}
          </Button>
        )}
      </Space>
      {problem && <Alert type="error" showIcon title={problem} role="alert" className="fyn-profile-cover-problem" />}
    </div>
  );
}

type AboutValues = { headline?: string; job_title?: string; location?: string | null; bio?: string };

function AboutForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AboutValues>();
  const save = useSave(profile.user_id, form, ['headline', 'job_title', 'location', 'bio']);
  return (
    <Panel id="profile-about" title={t('profile.about')}>
      <Form
        form={form}
        name="profile-about"
        layout="vertical"
        requiredMark={false}
        initialValues={{ headline: profile.headline ?? '', job_title: profile.job_title ?? '', location: profile.location?.code ?? null, bio: profile.bio ?? '' }}
        onFinish={(v) => save.mutate({ headline: v.headline?.trim() ?? '', job_title: v.job_title?.trim() ?? '', location: v.location || null, bio: v.bio?.trim() ?? '' })}
      >
        <Form.Item name="headline" label={t('profile.headline')}>
          <Input maxLength={160} placeholder={t('profile.headline_placeholder')} />
        </Form.Item>
        <Form.Item name="job_title" label={t('profile.job_title')}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="location" label={t('profile.location')}>
          <LocationPicker initial={profile.location} />
        </Form.Item>
        <Form.Item name="bio" label={t('profile.bio')}>
          <TextArea maxLength={2000} autoSize={{ minRows: 3, maxRows: 10 }} />
        </Form.Item>
        <SaveButton loading={save.isPending} />
      </Form>
    </Panel>
  );
}

function EntriesForm({ profile, kind }: { profile: Profile; kind: 'experience' | 'education' }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<typeof kind, EntryValues[]>>();
  // The list is named as the server names it, so that "experience.0.to" lands on its field.
  const save = useSave(profile.user_id, form, [kind]);
  const periodRule = { pattern: PERIOD, message: t('profile.entry_period_hint') };
  return (
    <Panel id={`profile-${kind}`} title={t(`profile.${kind}`)}>
      <Form
        form={form}
        name={`profile-${kind}`}
        layout="vertical"
        requiredMark={false}
        initialValues={{ [kind]: profile[kind].map((e) => ({ ...e, from: e.from ?? '', to: e.to ?? '', description: e.description ?? '' })) }}
        onFinish={(v) => save.mutate({ [kind]: entriesOut(v[kind]) })}
      >
        <Form.List name={kind}>
          {(fields, { add, remove }) => (
            <Flex vertical gap={16}>
              {fields.map((field, i) => (
                <fieldset key={field.key} className="fyn-profile-entry" aria-label={`${t(`profile.entry_title_${kind}`)} ${i + 1}`}>
                  <Flex gap={12} wrap>
                    <Form.Item name={[field.name, 'title']} label={t(`profile.entry_title_${kind}`)} rules={[{ required: true, whitespace: true, message: translateValidation('required') }]} className="fyn-profile-grow">
                      <Input maxLength={120} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'place']} label={t(`profile.entry_place_${kind}`)} className="fyn-profile-grow">
                      <Input maxLength={120} />
                    </Form.Item>
                  </Flex>
                  <Flex gap={12} wrap>
                    <Form.Item name={[field.name, 'from']} label={t('profile.entry_from')} rules={[periodRule]} extra={i === 0 ? t('profile.entry_period_hint') : undefined}>
                      <Input maxLength={7} placeholder="2019-04" />
                    </Form.Item>
                    <Form.Item name={[field.name, 'to']} label={t('profile.entry_to')} rules={[periodRule]}>
                      <Input maxLength={7} placeholder={t('profile.entry_present')} />
                    </Form.Item>
                  </Flex>
                  <Form.Item name={[field.name, 'description']} label={t('profile.entry_description')}>
                    <TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 6 }} />
                  </Form.Item>
                  <Button icon={<DeleteOutlined aria-hidden="true" />} onClick={() => remove(field.name)}>
                    {t('profile.remove_entry')}
                  </Button>
                </fieldset>
              ))}
              <Flex gap={12} wrap>
                <Button icon={<PlusOutlined aria-hidden="true" />} disabled={fields.length >= PROFILE_LIST_MAX} onClick={() => add({ title: '', place: '', from: '', to: '', description: '' })}>
                  {t(`profile.add_${kind}`)}
                </Button>
                <SaveButton loading={save.isPending} />
              </Flex>
            </Flex>
          )}
        </Form.List>
      </Form>
    </Panel>
  );
}

type TasteValues = { interests: InterestCode[]; languages: string[]; hobbies: string[] };

function TastesForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<TasteValues>();
  const save = useSave(profile.user_id, form, ['interests', 'languages', 'hobbies']);
  const interestOptions = useMemo(
    () =>
      INTERESTS.map((i) => ({ value: i.code, text: t(`profile.interests.${i.code}`), label: <span><InterestIconOf code={i.code} /> {t(`profile.interests.${i.code}`)}</span> })).sort((a, b) =>
        a.text.localeCompare(b.text, i18n.language),
      ),
    [t, i18n.language],
  );
  const languageOptions = useMemo(
    () => LANGUAGE_CODES.map((code) => ({ value: code, label: languageName(code, i18n.language) })).sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
    [i18n.language],
  );
  const max = { validator: (_: unknown, v: unknown[] | undefined) => ((v?.length ?? 0) > PROFILE_LIST_MAX ? Promise.reject(new Error(t('profile.list_max', { count: PROFILE_LIST_MAX }))) : Promise.resolve()) };
  return (
    <Panel id="profile-interests" title={t('profile.interests_title')}>
      <Form
        form={form}
        name="profile-tastes"
        layout="vertical"
        initialValues={{ interests: profile.interests as InterestCode[], languages: profile.languages, hobbies: profile.hobbies }}
        onFinish={(v) => save.mutate({ interests: v.interests ?? [], languages: v.languages ?? [], hobbies: (v.hobbies ?? []).map((h) => h.trim()).filter(Boolean) })}
      >
        <Form.Item name="interests" label={t('profile.interests_title')} rules={[max]}>
          <Select mode="multiple" allowClear options={interestOptions} optionFilterProp="text" placeholder={t('profile.interests_placeholder')} />
        </Form.Item>
        <Form.Item name="languages" label={t('profile.languages')} rules={[max]}>
          <Select mode="multiple" allowClear options={languageOptions} optionFilterProp="label" placeholder={t('profile.languages_placeholder')} />
        </Form.Item>
        <Form.Item name="hobbies" label={t('profile.hobbies')} rules={[max]}>
          <Select mode="tags" allowClear tokenSeparators={[',']} open={false} suffixIcon={null} placeholder={t('profile.hobbies_placeholder')} />
        </Form.Item>
        <SaveButton loading={save.isPending} />
      </Form>
    </Panel>
  );
}

function VisibilitySelect({ label, ...props }: { label: string; value?: string; onChange?: (v: string) => void }) {
  const { t } = useTranslation();
  return <Select aria-label={label} options={DETAIL_VISIBILITIES.map((v) => ({ value: v, label: t(`profile.visibility_options.${v}`) }))} style={{ minWidth: 200 }} {...props} />;
}

function ContactForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ phone?: string; email_visibility: string; phone_visibility: string }>();
  const save = useSave(profile.user_id, form, ['phone', 'email_visibility', 'phone_visibility']);
  return (
    <Panel id="profile-contact" title={t('profile.contact')}>
      <Form
        form={form}
        name="profile-contact"
        layout="vertical"
        initialValues={{ phone: profile.phone ?? '', email_visibility: profile.settings?.email_visibility ?? 'connections', phone_visibility: profile.settings?.phone_visibility ?? 'connections' }}
        onFinish={(v) =>
          save.mutate({ phone: v.phone?.trim() ?? '', email_visibility: v.email_visibility as UpdateProfileBody['email_visibility'], phone_visibility: v.phone_visibility as UpdateProfileBody['phone_visibility'] })
        }
      >
        <Flex gap={12} wrap align="flex-end">
          <Form.Item label={t('profile.email')} className="fyn-profile-grow">
            <Typography.Text>{profile.email}</Typography.Text>
          </Form.Item>
          <Form.Item name="email_visibility" label={t('profile.visibility')}>
            <VisibilitySelect label={`${t('profile.email')}: ${t('profile.visibility')}`} />
          </Form.Item>
        </Flex>
        <Flex gap={12} wrap align="flex-start">
          <Form.Item name="phone" label={t('profile.phone')} className="fyn-profile-grow">
            <Input type="tel" autoComplete="tel" maxLength={40} placeholder="+44 1394 555 010" />
          </Form.Item>
          <Form.Item name="phone_visibility" label={t('profile.visibility')}>
            <VisibilitySelect label={`${t('profile.phone')}: ${t('profile.visibility')}`} />
          </Form.Item>
        </Flex>
        <SaveButton loading={save.isPending} />
      </Form>
    </Panel>
  );
}

type EmergencyValues = { name?: string; relationship?: string; phone?: string; notes?: string };

function EmergencyForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ emergency: EmergencyValues }>();
  const save = useSave(profile.user_id, form, ['emergency']);
  const e = profile.emergency;
  const required = { required: true, whitespace: true, message: translateValidation('required') };
  return (
    <Panel
      id="profile-emergency"
      title={t('profile.emergency')}
      extra={
        <Tag icon={<LockOutlined aria-hidden="true" />} color="gold">
          {t('profile.private')}
        </Tag>
      }
    >
      <Typography.Paragraph type="secondary">{t('profile.emergency_private')}</Typography.Paragraph>
      {/* Named as the server names them ("emergency.phone"), so that its messages land on the fields. */}
      <Form
        form={form}
        name="profile-emergency"
        layout="vertical"
        requiredMark={false}
        initialValues={{ emergency: { name: e?.name ?? '', relationship: e?.relationship ?? '', phone: e?.phone ?? '', notes: e?.notes ?? '' } }}
        onFinish={(v: { emergency: EmergencyValues }) =>
          save.mutate({
            emergency: { name: v.emergency.name?.trim() ?? '', relationship: v.emergency.relationship?.trim() ?? '', phone: v.emergency.phone?.trim() ?? '', notes: blank(v.emergency.notes) },
          })
        }
      >
        <Flex gap={12} wrap>
          <Form.Item name={['emergency', 'name']} label={t('profile.emergency_name')} rules={[required]} className="fyn-profile-grow">
            <Input maxLength={120} />
          </Form.Item>
          <Form.Item name={['emergency', 'relationship']} label={t('profile.emergency_relationship')} className="fyn-profile-grow">
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name={['emergency', 'phone']} label={t('profile.emergency_phone')} rules={[required]} className="fyn-profile-grow">
            <Input type="tel" maxLength={40} />
          </Form.Item>
        </Flex>
        <Form.Item name={['emergency', 'notes']} label={t('profile.emergency_notes')}>
          <TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Flex gap={12} wrap>
          <SaveButton loading={save.isPending} />
          {e && (
            <Button
              icon={<DeleteOutlined aria-hidden="true" />}
              onClick={() => save.mutate({ emergency: null }, { onSuccess: () => form.setFieldsValue({ emergency: { name: '', relationship: '', phone: '', notes: '' } }) })}
            >
              {t('profile.emergency_remove')}
            </Button>
          )}
        </Flex>
      </Form>
    </Panel>
  );
}

/** Whether the person appears on their organisation's public profile: saved at once. */
function ListedSwitch({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const save = useSave(profile.user_id, null, []);
  if (!profile.organisation) return null;
  const checked = profile.settings?.listed ?? false;
  return (
    <Panel id="profile-listed" title={t('profile.listed')}>
      <Flex gap={12} align="center">
        <Switch checked={checked} loading={save.isPending} aria-label={t('profile.listed')} onChange={(listed) => save.mutate({ listed })} />
        <Typography.Text type="secondary">{t('profile.listed_hint', { organisation: profile.organisation.name })}</Typography.Text>
      </Flex>
    </Panel>
  );
}

/** The editable sections of the own profile. */
export function ProfileEditor({ profile }: { profile: Profile }) {
  return (
    <>
      <AboutForm profile={profile} />
      <EntriesForm profile={profile} kind="experience" />
      <EntriesForm profile={profile} kind="education" />
      <TastesForm profile={profile} />
      <ContactForm profile={profile} />
      <ListedSwitch profile={profile} />
      <EmergencyForm profile={profile} />
    </>
  );
}
