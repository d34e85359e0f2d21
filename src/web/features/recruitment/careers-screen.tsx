import { Alert, Button, Card, Descriptions, Form, Input, Result, Skeleton, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { CV_MAX_BYTES } from '#shared/recruitment/model.ts';
import { Money } from '../../components/money.tsx';
import { recruitmentApi, recruitmentKeys } from '../../lib/recruitment-api.ts';
import { useRecruitmentTranslation } from './recruitment-texts.ts';
import { useSubmit } from '../../lib/use-submit.ts';

type Values = { name: string; email: string; phone?: string; cover_letter?: string };
const ACCEPT = '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** /careers/:slug: an open job opening and its application form with a CV (no account, logged in or not). */
export function CareersScreen() {
  const { slug = '' } = useParams();
  const { t, i18n } = useRecruitmentTranslation();
  const [form] = Form.useForm<Values>();
  const [cv, setCv] = useState<File | null>(null);
  const [cvProblem, setCvProblem] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const { submit: apply, busy } = useSubmit((body: FormData) => recruitmentApi.apply(slug, body), {
    onSuccess: () => setSent(true),
    // A visitor without an account reads every failure on the form, in their language.
    onFailure: (e) => {
      if (e.code === 'file_too_large') setCvProblem(t('careers.cv_too_large'));
      else if (e.code === 'unsupported_file_type') setCvProblem(t('careers.cv_type'));
      else setProblem(e.code === 'duplicate_application' ? t('careers.duplicate') : e.code === 'too_many_requests' ? t('careers.too_many') : e.code === 'opening_not_found' ? t('careers.gone') : t('careers.failed'));
      return true;
    },
  });
  const opening = useQuery({ queryKey: recruitmentKeys.publicOpening(slug), queryFn: () => recruitmentApi.publicOpening(slug), retry: false });
  if (opening.isPending) return <Skeleton active />;
  if (!opening.data) return <Result status="404" title={t('careers.gone_title')} subTitle={t('careers.gone')} />;
  const o = opening.data;
  if (sent) {
    return <Result status="success" title={t('careers.thanks_title')} subTitle={t('careers.thanks', { title: o.title, organisation: o.organisation })} />;
  }
  function pick(file: File) {
    setCvProblem(null);
    if (file.size > CV_MAX_BYTES) {
      setCvProblem(t('careers.cv_too_large'));
      setCv(null);
    } else if (!/\.(pdf|docx?)$/i.test(file.name)) {
      setCvProblem(t('careers.cv_type'));
      setCv(null);
    } else setCv(file);
    return false;
  }
  async function submit(v: Values) {
    if (!cv) {
      setCvProblem(t('careers.cv_required'));
      return;
    }
    setProblem(null);
    const body = new FormData();
    body.append('name', v.name);
    body.append('email', v.email);
    if (v.phone) body.append('phone', v.phone);
    if (v.cover_letter) body.append('cover_letter', v.cover_letter);
    body.append('cv', cv, cv.name);
    apply(body);
  }
  const salary = o.salary;
  return (
    <section className="fyn-careers" style={{ maxWidth: 760, margin: '0 auto', padding: 16 }}>
      <Typography.Text type="secondary">{o.organisation}</Typography.Text>
      <Typography.Title level={2} style={{ marginTop: 4 }}>{o.title}</Typography.Title>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('openings.location')}>{o.location_name ? `${o.location_name} (${o.location})` : o.location}</Descriptions.Item>
        <Descriptions.Item label={t('openings.employment_type')}>{t(`employment_types.${o.employment_type}`)}</Descriptions.Item>
        {salary && (
          <Descriptions.Item label={t('careers.salary')}>
            {salary.min_minor != null && <Money minor={salary.min_minor} currency={salary.currency} />}
            {salary.min_minor != null && salary.max_minor != null && ' – '}
            {salary.max_minor != null && <Money minor={salary.max_minor} currency={salary.currency} />}
          </Descriptions.Item>
        )}
        {o.closes_on && <Descriptions.Item label={t('careers.closes')}>{new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${o.closes_on}T00:00:00Z`))}</Descriptions.Item>}
      </Descriptions>
      {o.description && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{o.description}</Typography.Paragraph>}
      <Card title={t('careers.apply_title')}>
        {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
        <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark>
          <Form.Item name="name" label={t('careers.name')} rules={[{ required: true, whitespace: true, message: t('required') }]}><Input autoComplete="name" maxLength={120} /></Form.Item>
          <Form.Item name="email" label={t('careers.email')} rules={[{ required: true, type: 'email', message: t('email_invalid') }]}><Input autoComplete="email" maxLength={254} /></Form.Item>
          <Form.Item name="phone" label={t('careers.phone')}><Input autoComplete="tel" maxLength={40} /></Form.Item>
          <Form.Item name="cover_letter" label={t('careers.cover_letter')}><Input.TextArea rows={5} maxLength={5000} showCount /></Form.Item>
          <Form.Item label={t('careers.cv')} required validateStatus={cvProblem ? 'error' : undefined} help={cvProblem ?? t('careers.cv_hint')}>
            <Upload accept={ACCEPT} maxCount={1} beforeUpload={pick} onRemove={() => setCv(null)} fileList={cv ? [{ uid: 'cv', name: cv.name, status: 'done' }] : []}>
              <Button icon={<UploadOutlined aria-hidden="true" />}>{t('careers.choose_cv')}</Button>
            </Upload>
          </Form.Item>
          <Typography.Paragraph type="secondary">{t('careers.privacy', { organisation: o.organisation })}</Typography.Paragraph>
          <Button type="primary" htmlType="submit" loading={busy}>{t('careers.submit')}</Button>
        </Form>
      </Card>
    </section>
  );
}
